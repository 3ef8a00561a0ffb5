// swift-tools-version: 6.0
import PackageDescription

// A sample app package that keeps its race scenarios next to its code. It depends on racelab
// by path; an app of your own names racelab's repository instead (see racelab's README).
let package = Package(
  name: "TokenRefresh",
  platforms: [.macOS(.v15)],
  products: [.library(name: "TokenRefresh", targets: ["TokenRefresh"])],
  dependencies: [.package(name: "racelab", path: "../..")],
  targets: [
    .target(name: "TokenRefresh"),
    .testTarget(
      name: "TokenRefreshTests",
      dependencies: ["TokenRefresh", .product(name: "RacelabTesting", package: "racelab")]),
  ],
  swiftLanguageModes: [.v6]
)
