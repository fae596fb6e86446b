import Foundation

/// The environment piecebox was started with, read once. Foundation builds a fresh dictionary at every read (ten
/// reads were about a millisecond of every run's start, and of every worker's), and piecebox never changes its own
/// environment: the workers it starts get theirs from `WorkerProcess.Launch`.
enum LaunchEnvironment {
    static let values: [String: String] = ProcessInfo.processInfo.environment
}
