import Foundation

/// `piecebox init DIR`: placeholder until written below.
enum InitMain {
    static func run(_ args: [String]) -> Int32 { 2 }
}
