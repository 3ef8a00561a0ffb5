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
    .target(
      name: "RacelabKernel",
      // Lets clients (models, commands, benchmarks) specialise the generic simulation loop.
      swiftSettings: [.unsafeFlags(["-cross-module-optimization"], .when(configuration: .release))]
    ),
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
    // Benchmarks: storm, floor, explore, parse and check workloads (`Benchmarks/compare.py`).
    .executableTarget(
      name: "racelab-bench",
      dependencies: ["RacelabKernel", "ReviewPromptModel", "ScenarioFormat", "Commands"],
      path: "Benchmarks/racelab-bench"),

    .target(
      name: "KernelTestSupport", dependencies: ["RacelabKernel"], path: "Tests/KernelTestSupport"),
    .testTarget(name: "KernelTests", dependencies: ["RacelabKernel", "KernelTestSupport"]),
    .testTarget(
      name: "ReviewPromptModelTests", dependencies: ["ReviewPromptModel"], exclude: ["Fixtures"]),
    .testTarget(name: "ConformanceTests", dependencies: ["RacelabKernel", "KernelTestSupport"]),
    .testTarget(
      name: "ScenarioFormatTests",
      dependencies: ["ScenarioFormat", "RacelabKernel", "ReviewPromptModel"],
      exclude: ["Malformed", "MalformedScenarios"]),
    .target(
      name: "CommandTestSupport", dependencies: ["Commands"], path: "Tests/CommandTestSupport"),
    .testTarget(
      name: "CommandsTests",
      dependencies: ["Commands", "ScenarioFormat", "RacelabKernel", "CommandTestSupport"]),
    .testTarget(name: "RenderersTests", dependencies: ["Renderers", "ReviewPromptModel"]),
    .testTarget(
      name: "ExplorationTests",
      dependencies: [
        "Commands", "RacelabKernel", "ScenarioFormat", "ReviewPromptModel", "CommandTestSupport",
      ]),
  ],
  swiftLanguageModes: [.v6]
)
