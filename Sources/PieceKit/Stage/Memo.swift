import Foundation

/// The last answer of a function, kept with the input it was made from, and handed out again while the input is
/// equal. The one memo of PieceKit: a piece's elements (`ElementsMemo`), its layout, its letters and the layout
/// engine's last body all keep their answer in one.
///
/// Correct by construction: the key is the function's whole input, an `Equatable` the compiler compares field by
/// field, and the function is given that input alone, so a field added to the input keys the memo by itself; no
/// hand-written key can leave one out. An input that holds something that must not key the answer (a reading that
/// changes every frame) is split into the laid-out part and the rest, and `update` brings the kept answer to the
/// rest when the laid-out part is as before.
///
/// A value: copying a memo copies what it keeps (held in an immutable box, so an ask compares the kept input where
/// it lies instead of copying it out). `memoising: false` (`PIECEBOX_MEMO=off`, `MemoSwitch`) makes every answer
/// afresh and keeps nothing, which the test over every example compares byte for byte with the memo on.
public struct Memo<Input: Equatable, Output> {
    /// Makes the answer for an input, from that input alone.
    public typealias Make = (Input) -> Output
    /// Brings the kept answer (`lastOutput`, made for `last`) to `input` more cheaply than making it again, or nil
    /// to make it afresh. It must give exactly what `Make` would.
    public typealias Update = (_ input: Input, _ last: Input, _ lastOutput: Output) -> Output?

    private let make: Make
    private let update: Update?
    private var kept: Kept?
    /// How many asks found the input as before, how many answers were made afresh, and how many brought up to date:
    /// for tests and benches of how much work a frame does.
    public private(set) var counts = MemoCounts()

    /// The last input and its answer. A class, so an ask compares the input where it is kept (an input is a few
    /// hundred bytes, asked for several times a frame); never changed, a new answer gets a new box.
    private final class Kept {
        let input: Input
        let output: Output

        init(_ input: Input, _ output: Output) {
            self.input = input
            self.output = output
        }
    }

    public init(_ make: @escaping Make, update: Update? = nil) {
        self.make = make
        self.update = update
    }

    /// The answer for `input`: the kept one while `input` equals the last, else brought up to date or made.
    /// Without `memoising`, made afresh every time and nothing kept.
    public mutating func callAsFunction(_ input: Input, memoising: Bool) -> Output {
        guard memoising else {
            kept = nil
            counts.made &+= 1
            return make(input)
        }
        if let kept {
            if kept.input == input {
                counts.kept &+= 1
                return kept.output
            }
            if let update, let updated = update(input, kept.input, kept.output) {
                counts.updated &+= 1
                self.kept = Kept(input, updated)
                return updated
            }
        }
        counts.made &+= 1
        let made = make(input)
        kept = Kept(input, made)
        return made
    }
}

/// How a memo's asks went (`Memo.counts`).
public struct MemoCounts: Equatable, Sendable {
    /// Asks that found the input as before and made nothing.
    public var kept = 0
    /// Answers made afresh.
    public var made = 0
    /// Answers brought up to date from the last one.
    public var updated = 0

    public init(kept: Int = 0, made: Int = 0, updated: Int = 0) {
        (self.kept, self.made, self.updated) = (kept, made, updated)
    }
}

/// Whether memos keep their answers: yes, unless the process was started with `PIECEBOX_MEMO=off`. The one place
/// the switch is read, so `piecebox run` and its workers (which inherit the environment) all follow it. A stage
/// starts from it (`Stage.memoises`) and hands it to its pieces (`PieceContext.memoises`); a memo with no stage
/// (the layout engine's) reads it here.
public enum MemoSwitch {
    public static let on: Bool = ProcessInfo.processInfo.environment["PIECEBOX_MEMO"] != "off"
}
