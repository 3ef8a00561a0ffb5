// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "racelab",
  products: [
    .library(name: "RacelabKernel", targets: ["RacelabKernel"]),
  ],
  targets: [
    // Kernel: virtual clock, agenda, lanes, tasks, runtime profiles, choice points, trace events.
    .target(name: "RacelabKernel"),
    // Models: one folder each; they know the kernel only.
    .target(name: "ReviewPromptModel", dependencies: ["RacelabKernel"]),

    .target(name: "KernelTestSupport", dependencies: ["RacelabKernel"], path: "Tests/KernelTestSupport"),
    .testTarget(name: "KernelTests", dependencies: ["RacelabKernel", "KernelTestSupport"]),
    .testTarget(name: "ReviewPromptModelTests", dependencies: ["ReviewPromptModel"]),
    .testTarget(name: "ConformanceTests", dependencies: ["RacelabKernel", "KernelTestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)
