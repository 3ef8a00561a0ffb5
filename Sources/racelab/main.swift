import Commands

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// Past a file-size limit, a write fails with a message instead of killing the process.
signal(SIGXFSZ, SIG_IGN)
let status = CommandLineRunner.run(Array(CommandLine.arguments.dropFirst()), console: .standard())
exit(status.rawValue)
