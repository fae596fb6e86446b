/// One part of a piece a gesture can aim at, as a value: its name, where it is now, and why a finger cannot reach
/// it now. A piece publishes its parts once (`InteractivePiece.parts`); the stage resolves a script's name and
/// index against them (`resolvePart`), so "no part named" and "cannot be touched now" are worded in one place
/// (`InteractionError`) and a part's name is written once, where the part is declared.
public struct Part {
    /// Where a part is, as the piece knows it.
    enum Place {
        /// The element of that name, as the latest frame presents it (else its published target).
        case element(String)
        /// The element of the part's name, or with an index the element `name.N` (a Lua piece's parts).
        case elementOrNumbered
        /// Worked out by the piece now (a strip under an edge, an element that depends on the state).
        case found((PartLookup) -> Rect?)
        /// A numbered part ("row 3"): the piece says where number N is, nil past its last.
        case numbered((Int, PartLookup) -> Rect?)
        /// Any element the piece draws, by its name (`name.N` with an index): pieces that let a gesture aim at
        /// whatever they draw. Listed nowhere, and asked last.
        case anyElement
    }

    /// The name scripts use ("grabber"); for a numbered part, its stem ("row" of `("row", 3)`).
    public let name: String
    let place: Place
    /// Why a finger cannot reach the part now (nil: it can), asked before where it is: a part that exists but is
    /// off screen may have no rect at all.
    let refusal: ((PartLookup) -> String?)?

    /// The name in a list of a piece's parts: "row N" for a numbered part.
    public var listedName: String {
        if case .numbered = place { return "\(name) N" }
        return name
    }

    /// Whether the part is in the piece's list of parts (everything but "any element").
    var isListed: Bool {
        if case .anyElement = place { return false }
        return true
    }

    init(name: String, place: Place, refusal: ((PartLookup) -> String?)?) {
        self.name = name; self.place = place; self.refusal = refusal
    }

    /// A part drawn as the element `element` (the part's own name unless given), reachable unless `unless` says
    /// why not.
    public init(_ name: String, drawnAs element: String? = nil, unless: ((PartLookup) -> String?)? = nil) {
        self.init(name: name, place: .element(element ?? name), refusal: unless)
    }

    /// A part whose place the piece works out now (nil: nothing of it is drawn now).
    public static func at(_ name: String, unless: ((PartLookup) -> String?)? = nil,
                          _ rect: @escaping (PartLookup) -> Rect?) -> Part {
        Part(name: name, place: .found(rect), refusal: unless)
    }

    /// A numbered part, listed as "name N": `rect` says where number N is (nil past the last), `unless` why a
    /// finger cannot reach number N now.
    public static func numbered(_ name: String, unless: ((Int, PartLookup) -> String?)? = nil,
                                _ rect: @escaping (Int, PartLookup) -> Rect?) -> Part {
        Part(name: name, place: .numbered(rect), refusal: unless.map { rule in { here in
            here.index.flatMap { rule($0, here) }
        } })
    }

    /// The element named `name`, or `name.N` with an index: what a Lua piece's `parts` list declares.
    public static func elementOrNumbered(_ name: String) -> Part {
        Part(name: name, place: .elementOrNumbered, refusal: nil)
    }

    /// Any element the piece draws, by its name: for a piece whose every element may be aimed at. Not listed in
    /// the piece's parts, and asked last.
    public static var anyElement: Part { Part(name: "", place: .anyElement, refusal: nil) }
}

/// What a part's rules are handed: the name and index the script gave, and the piece's elements as the latest
/// frame presents them, so a rule never writes the part's name again.
public struct PartLookup {
    public let name: String
    public let index: Int?
    public let context: any PieceContext
    let piece: any InteractivePiece

    /// The element `element` (nil: the part's own, `name.N` with an index) as presented, else its target.
    public func element(_ element: String? = nil) -> Rect? {
        piece.elementRect(element ?? index.map { "\(name).\($0)" } ?? name, on: context)
    }
}

extension InteractivePiece {
    /// The names of the parts, as the stage's errors list them ("row N" for a numbered part): the first is the
    /// default part unless the piece says otherwise.
    public var partNames: [String] { parts.filter(\.isListed).map(\.listedName) }

    /// The part a script's `name` (with `index` for a numbered part) means, or nil when the piece has none.
    public func resolvePart(_ name: String, index: Int?) -> Part? {
        let all = parts
        if let named = all.first(where: { part in
            guard part.isListed, part.name == name else { return false }
            switch part.place {
            case .element, .found: return index == nil
            case .numbered: return index != nil
            case .elementOrNumbered, .anyElement: return true
            }
        }) { return named }
        return all.first { !$0.isListed }
    }

    /// Where the named part is now, in stage coordinates (`("row", 3)` for a numbered one): nil when the piece has
    /// no such part or nothing of it is drawn now. Reading a part's rect never asks whether a finger could reach it.
    public func partRect(_ name: String, index: Int?, on context: any PieceContext) -> Rect? {
        guard let part = resolvePart(name, index: index) else { return nil }
        let here = PartLookup(name: name, index: index, context: context, piece: self)
        switch part.place {
        case .element(let element): return elementRect(element, on: context)
        case .found(let find): return find(here)
        case .numbered(let find): return index.flatMap { find($0, here) }
        case .elementOrNumbered, .anyElement: return here.element()
        }
    }

    /// Why a finger cannot reach the named part now; nil when it can, or when there is no such part.
    public func unreachable(_ name: String, index: Int?, on context: any PieceContext) -> String? {
        resolvePart(name, index: index)?.refusal?(PartLookup(name: name, index: index, context: context, piece: self))
    }

    /// Where the named part is now, or the stage's one "no part named" error (with the parts it has).
    public func locate(_ name: String, index: Int?, on context: any PieceContext) throws(InteractionError) -> Rect {
        guard let rect = partRect(name, index: index, on: context) else {
            throw .unknownPart(piece: self.name, part: index.map { "\(name) \($0)" } ?? name, known: partNames)
        }
        return rect
    }
}
