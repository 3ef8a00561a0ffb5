import Commands

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let status = CommandLineRunner.run(Array(CommandLine.arguments.dropFirst()), console: .standard())
exit(status.rawValue)
