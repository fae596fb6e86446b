import Foundation

/// A piece whose elements are a pure function of one value: everything they are made from (its state, its layout
/// inputs, the environment and the tokens it reads), gathered by `elementsInput`. The stage's slot keeps the last
/// input with the list made from it and hands that list out again while the input is equal (`ElementsMemo`).
///
/// Correct by construction: `elements(for:)` is static, so it has no piece to read and sees only the input. A field
/// left out of the input cannot be read while making the elements; the compiler says so. The input is `Sendable`,
/// so it cannot hold the piece or any other object whose state could change under it; a cache of a pure function
/// (text widths) may ride along as a `PureCache`, which every input compares equal.
///
/// The stage asks several times a frame (after each transaction and batch of work), and most asks find nothing
/// changed: making the input and comparing it is what they cost. `Stage.memoises = false` makes every list afresh,
/// which a test uses to show the memo changes no frame.
public protocol MemoisedPiece: StagePiece {
    associatedtype ElementsInput: Equatable, Sendable

    /// Everything the elements are made from, read now. Called at every ask; it may do what an ask has always done
    /// besides (a piece noticing the environment changed), but makes no element.
    func elementsInput(in environment: PieceEnvironment, tokens: MotionTokens) -> ElementsInput

    /// The elements for `input`, in the order frames list them.
    static func elements(for input: ElementsInput) -> [Element]

    /// The elements for `input`, given the list made last and the input it was made from: a piece that can bring
    /// that list up to date more cheaply than making it again (a scroll that moves only a ring) returns it; nil
    /// makes it afresh. It must give exactly `elements(for: input)`: with `Stage.memoises` off it is never called,
    /// and the test over every example compares the two. Static as well, so it too reads only what it is given.
    static func elements(for input: ElementsInput, updating last: ElementsInput, _ lastElements: [Element])
        -> [Element]?
}

extension MemoisedPiece {
    /// No cheaper way: made afresh.
    public static func elements(for input: ElementsInput, updating last: ElementsInput, _ lastElements: [Element])
        -> [Element]? {
        nil
    }

    /// The elements made afresh, for a caller with no slot (a test, a fake context).
    public func elements(in environment: PieceEnvironment, tokens: MotionTokens) -> [Element] {
        Self.elements(for: elementsInput(in: environment, tokens: tokens))
    }
}

/// A cache of a pure function (a text's width in a font) carried in an elements input so a static `elements(for:)`
/// can measure through it. It holds no state the elements depend on, only answers it could work out again, so
/// every two compare equal. Sendable unchecked, as it is the one door for an object into an input: it is read and
/// written only on the stage's thread, like the piece that owns it.
public struct PureCache<Cache: AnyObject>: Equatable, @unchecked Sendable {
    public let cache: Cache

    public init(_ cache: Cache) { self.cache = cache }

    public static func == (_: PureCache, _: PureCache) -> Bool { true }
}

/// How the stage asks one piece for its elements: memoised on its input (`MemoisedPiece`, through a `Memo`), or
/// every time.
final class ElementsMemo {
    /// Asks the piece; with `memoises`, an input equal to the last one gets the last list.
    let ask: (PieceEnvironment, MotionTokens, _ memoises: Bool) -> [Element]
    /// How the asks went: for tests of how much work a frame does.
    var counts: MemoCounts { readCounts() }
    private let readCounts: () -> MemoCounts

    init(for piece: any StagePiece) {
        if let memoised = piece as? any MemoisedPiece {
            (ask, readCounts) = Self.asking(memoised)
        } else {
            let counts = Made()
            ask = { [unowned piece] environment, tokens, _ in
                counts.made &+= 1
                return piece.elements(in: environment, tokens: tokens)
            }
            readCounts = { MemoCounts(made: counts.made) }
        }
    }

    /// The count of lists made for a piece that names no input.
    private final class Made {
        var made = 0
    }

    /// The memo, in a box both closures share. Read and written only by the ask, on the stage's thread and never
    /// while another access is under way, so the run-time check of exclusive access (several a frame) is left out.
    private final class Held<Input: Equatable> {
        @exclusivity(unchecked) var memo: Memo<Input, [Element]>

        init(_ memo: Memo<Input, [Element]>) { self.memo = memo }
    }

    private static func asking<P: MemoisedPiece>(_ piece: P)
        -> (ask: (PieceEnvironment, MotionTokens, Bool) -> [Element], counts: () -> MemoCounts) {
        let held = Held(Memo<P.ElementsInput, [Element]>(P.elements(for:), update: P.elements(for:updating:_:)))
        return ({ [unowned piece] environment, tokens, memoises in
            held.memo(piece.elementsInput(in: environment, tokens: tokens), memoising: memoises)
        }, { held.memo.counts })
    }
}

extension Stage {
    /// Whether new stages memoise (`memoises`): `MemoSwitch.on`, off with `PIECEBOX_MEMO=off`.
    public static var memoisesByDefault: Bool { MemoSwitch.on }
}
