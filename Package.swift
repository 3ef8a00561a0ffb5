// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "racelab",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "racelab", targets: ["racelab"]),
    .library(name: "RacelabKernel", targets: ["RacelabKernel"]),
  ],
  targets: [
    // Kernel: virtual clock, agenda, lanes, tasks, runtime profiles, choice points, trace events.
    .target(name: "RacelabKernel"),
    // Models: one folder each; they know the kernel only.
    .target(name: "ReviewPromptModel", dependencies: ["RacelabKernel"]),
    // Scenario format: YAML subset -> located node tree -> typed scenario + diagnostics.
    .target(name: "ScenarioFormat", dependencies: ["RacelabKernel"]),
    // Commands: run, check, schema, tree — orchestration over the layers below.
    .target(
      name: "Commands",
      dependencies: ["RacelabKernel", "ReviewPromptModel", "ScenarioFormat", "Renderers"]),
    // The executable: argument parsing and exit codes, nothing else.
    .executableTarget(name: "racelab", dependencies: ["Commands", "ScenarioFormat"]),
    // Renderers: the text trace (the golden format) and the JSON output; they know the kernel only.
    .target(name: "Renderers", dependencies: ["RacelabKernel"]),

    .target(
      name: "KernelTestSupport", dependencies: ["RacelabKernel"], path: "Tests/KernelTestSupport"),
    .testTarget(name: "KernelTests", dependencies: ["RacelabKernel", "KernelTestSupport"]),
    .testTarget(
      name: "ReviewPromptModelTests", dependencies: ["ReviewPromptModel"], exclude: ["Fixtures"]),
    .testTarget(name: "ConformanceTests", dependencies: ["RacelabKernel", "KernelTestSupport"]),
    .testTarget(
      name: "ScenarioFormatTests", dependencies: ["ScenarioFormat"], exclude: ["Malformed"]),
    .testTarget(name: "RenderersTests", dependencies: ["Renderers", "ReviewPromptModel"]),
  ],
  swiftLanguageModes: [.v6]
)
