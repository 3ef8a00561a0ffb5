// swift-tools-version: 6.0
import PackageDescription

// Cross-module optimisation lets the commands and benchmarks specialise the kernel's generic
// simulation loop: the storm at N = 10,000 runs 0.35 G instructions with it and 2.9 G without.
// SwiftPM refuses an unsafe flag in a package used as a versioned dependency, so a checkout of
// racelab among another package's dependencies (`…/checkouts/racelab`) builds without it.
let isDependencyCheckout = Context.packageDirectory.contains("/checkouts/")
let kernelSettings: [SwiftSetting] =
  isDependencyCheckout
  ? [] : [.unsafeFlags(["-cross-module-optimization"], .when(configuration: .release))]

let package = Package(
  name: "racelab",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "racelab", targets: ["racelab"]),
    .library(name: "RacelabKernel", targets: ["RacelabKernel"]),
    .library(name: "ModelContract", targets: ["ModelContract"]),
    // For a package's own tests: each scenario of a folder as a test case (Swift Testing) or
    // a failure (XCTest), failing with the diff or the counterexample.
    .library(name: "RacelabTesting", targets: ["RacelabTesting"]),
    // `swift package racelab check|explore` and `swift package racelab-update` in any package
    // that depends on racelab.
    .plugin(name: "RacelabPlugin", targets: ["RacelabPlugin"]),
    .plugin(name: "RacelabUpdatePlugin", targets: ["RacelabUpdatePlugin"]),
  ],
  targets: [
    // Model contract: what a scenario may say to a model and the values it says it with
    // (vocabulary, value kinds, the one value type files, reports and model-file runs share,
    // setup, scripted happenings, time values). No engine.
    .target(name: "ModelContract"),
    // Model library: the systems racelab ships as model files, compiled into the binary.
    .target(
      name: "ModelLibrary",
      resources: [
        .embedInCode("models/device-identity.model.yaml"),
        .embedInCode("models/entitlements.model.yaml"),
        .embedInCode("models/purchases.model.yaml"),
        .embedInCode("models/review-prompt.model.yaml"),
        .embedInCode("models/subscription-cache.model.yaml"),
      ]),
    // The YAML subset racelab reads: text -> a tree of nodes, each with its location, and
    // located diagnostics; the shape checks both file formats' decoders share.
    .target(name: "YAML", dependencies: ["ModelContract"]),
    // Model language: its syntax (expressions, durations, times), its checker, its IR (typed
    // expressions and steps with every name resolved to a slot) and the model-file decoder
    // that turns a located node tree into a checked program. Run by the model interpreter.
    .target(name: "ModelLanguage", dependencies: ["ModelContract", "YAML"]),
    // Kernel: virtual clock, agenda, lanes, tasks, runtime profiles, choice points, trace events.
    .target(name: "RacelabKernel", dependencies: ["ModelContract"], swiftSettings: kernelSettings),
    // The model-file interpreter: runs a checked model file on the kernel.
    .target(
      name: "ModelInterpreter", dependencies: ["ModelContract", "ModelLanguage", "RacelabKernel"]),
    // Scenario format: located node tree -> typed scenario + diagnostics. It knows models
    // through the contract only.
    .target(name: "ScenarioFormat", dependencies: ["ModelContract", "ModelLanguage", "YAML"]),
    // Reports: the formats CI reads — JUnit XML, GitHub annotations, unified diffs, merged
    // shards, JSON Schemas; data in, text out, no files and no console.
    .target(
      name: "Reports",
      dependencies: [
        "ModelContract", "ModelLanguage", "RacelabKernel", "Renderers", "ScenarioFormat", "YAML",
      ]),
    // Commands: run, check, schema, tree — orchestration over the layers below.
    .target(
      name: "Commands",
      dependencies: [
        "ModelContract", "RacelabKernel", "ModelInterpreter", "ModelLanguage", "ScenarioFormat",
        "Renderers", "Reports", "ModelLibrary", "YAML",
      ]),
    // The executable: argument parsing and exit codes, nothing else.
    .executableTarget(
      name: "racelab", dependencies: ["Commands", "ScenarioFormat"]),
    // The test helper: `racelab check`, one scenario at a time, for Swift Testing and XCTest.
    .target(
      name: "RacelabTesting",
      dependencies: ["Commands", "RacelabKernel", "ModelContract", "Renderers"]),
    // `swift package racelab check|explore`: reads only, so it asks for no permission.
    .plugin(
      name: "RacelabPlugin",
      capability: .command(
        intent: .custom(
          verb: "racelab",
          description: "Check or explore the package's scenarios against their golden traces")),
      dependencies: ["racelab"], path: "Sources/RacelabPlugin"),
    // `swift package racelab-update`: rewrites goldens, so it asks to write (SwiftPM grants a
    // plugin's permissions to all its verbs, hence a plugin of its own).
    .plugin(
      name: "RacelabUpdatePlugin",
      capability: .command(
        intent: .custom(
          verb: "racelab-update",
          description: "Rewrite the golden traces of the package's scenarios that differ"),
        permissions: [
          .writeToPackageDirectory(reason: "it rewrites the golden traces that differ")
        ]),
      dependencies: ["racelab"], path: "Sources/RacelabUpdatePlugin"),
    // Renderers: the text trace (the golden format) and the JSON output; they read trace events
    // (kernel) and values (contract) only.
    .target(name: "Renderers", dependencies: ["ModelContract", "RacelabKernel"]),
    // Benchmarks: storm, floor, explore, parse and check workloads (`Benchmarks/compare.py`).
    .executableTarget(
      name: "racelab-bench",
      dependencies: [
        "ModelContract", "RacelabKernel", "ScenarioFormat", "YAML", "Commands", "ModelInterpreter",
        "ModelLanguage", "ModelLibrary", "Renderers", "RacelabTesting",
      ],
      path: "Benchmarks/racelab-bench"),

    // How many generated cases the oracles, sweeps and corpora run: RACELAB_TEST_SIZE.
    .target(name: "TestSizes", path: "Tests/TestSizes"),
    // The review-prompt flow written in Swift on the kernel: the oracle the bundled model file
    // is checked against (same traces, same explorations); it knows the contract and the
    // kernel only.
    .target(
      name: "ReviewPromptModel", dependencies: ["ModelContract", "RacelabKernel"],
      path: "Tests/ReviewPromptModel"),
    .target(
      name: "KernelTestSupport", dependencies: ["ModelContract", "RacelabKernel"],
      path: "Tests/KernelTestSupport"),
    .testTarget(
      name: "KernelTests", dependencies: ["ModelContract", "RacelabKernel", "KernelTestSupport"]),
    .testTarget(
      name: "ReviewPromptModelTests", dependencies: ["ModelContract", "ReviewPromptModel"],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "ConformanceTests",
      dependencies: ["ModelContract", "RacelabKernel", "KernelTestSupport", "TestSizes"]),
    .target(
      name: "ModelTestSupport", dependencies: ["ModelContract", "RacelabKernel"],
      path: "Tests/ModelTestSupport"),
    .testTarget(
      name: "ModelInterpreterTests",
      dependencies: [
        "ModelContract", "ModelLanguage", "ModelInterpreter", "RacelabKernel", "Renderers",
      ]),
    .testTarget(
      name: "ModelConformanceTests",
      dependencies: [
        "ModelContract", "RacelabKernel", "Commands", "ScenarioFormat", "YAML", "ModelTestSupport",
        "ModelInterpreter", "ModelLanguage", "TestSizes", "ReviewPromptModel",
      ]),
    .testTarget(
      name: "ScenarioFormatTests",
      dependencies: [
        "ModelContract", "ModelLanguage", "ScenarioFormat", "YAML", "RacelabKernel",
        "ReviewPromptModel",
        "ModelTestSupport", "ModelInterpreter", "TestSizes",
      ],
      exclude: ["Malformed", "MalformedScenarios", "MalformedModels"]),
    .target(
      name: "CommandTestSupport", dependencies: ["Commands"],
      path: "Tests/CommandTestSupport"),
    .testTarget(
      name: "CommandsTests",
      dependencies: [
        "ModelContract", "Commands", "ModelLanguage", "ScenarioFormat", "YAML", "RacelabKernel",
        "CommandTestSupport",
        "TestSizes",
      ]),
    .testTarget(name: "ReportsTests", dependencies: ["ModelLanguage", "Reports", "YAML"]),
    .testTarget(
      name: "RenderersTests",
      dependencies: [
        "ModelContract", "RacelabKernel", "Renderers", "ReviewPromptModel", "ModelTestSupport",
      ]),
    .testTarget(name: "RacelabTestingTests", dependencies: ["RacelabTesting", "TestSizes"]),
    .testTarget(
      name: "ExplorationTests",
      dependencies: [
        "ModelContract",
        "Commands", "RacelabKernel", "ScenarioFormat", "YAML", "ReviewPromptModel", "Reports",
        "CommandTestSupport",
        "TestSizes",
      ]),
  ],
  swiftLanguageModes: [.v6]
)
