/// Rules about a stage at rest, read after its motion has settled: what a finger and VoiceOver can reach, and where
/// the pieces stand. Like `MotionInvariants`, each returns the first breach (pieces in the order they were added,
/// their elements in their own order), or nil. A script decides how many elements there are (a page's sections), so
/// each walk asks `work` (the host's limits) as it goes.
public enum RestInvariants {
    /// iOS's smallest comfortable target, 44 by 44 points (Apple's Human Interface Guidelines).
    public static let minimumHitTarget = 44.0

    /// Every element VoiceOver can activate (it answers "activate" or is a button) is at least `side` points wide and
    /// tall: what a finger can act on.
    public static func hitTargets(on stage: Stage, side: Double = minimumHitTarget, except: Set<String> = [],
                                  work: inout HostWork) throws(HostLimitReached) -> InvariantBreach? {
        for case let piece as any InteractivePiece in stage.pieces {
            for element in piece.accessibilityElements(on: stage)
            where element.actions.contains("activate") || element.traits.contains("button") {
                try work.step()
                guard !except.contains(element.id), !except.contains("\(piece.name).\(element.id)") else { continue }
                let f = element.frame
                guard f.width < side || f.height < side else { continue }
                return breach("hitTargets", stage, piece.name, element.id, property: "frame",
                              detail: "is \(format(f.width)) by \(format(f.height)) points, under \(format(side)) by \(format(side))")
            }
        }
        return nil
    }

    /// Every element VoiceOver can reach has a label that is not empty (spaces alone count as empty).
    public static func accessibilityLabels(on stage: Stage, work: inout HostWork) throws(HostLimitReached)
        -> InvariantBreach? {
        for case let piece as any InteractivePiece in stage.pieces {
            for element in piece.accessibilityElements(on: stage) {
                try work.step()
                guard element.label.allSatisfy({ $0 == " " || $0 == "\n" || $0 == "\t" }) else { continue }
                return breach("labels", stage, piece.name, element.id, property: "label", detail: "is empty")
            }
        }
        return nil
    }

    /// Every element of the latest frame with a rect lies inside `bounds` (to within 0.5 points), but those named in
    /// `except` (a whole piece, `element` or `piece.element`: a scroll page's content runs past the screen). An
    /// element at opacity 0 is not drawn, so it may be anywhere. An element with no width or height is a point, and is held to it too.
    public static func inside(_ bounds: Rect, on stage: Stage, except: Set<String> = [],
                              work: inout HostWork) throws(HostLimitReached) -> InvariantBreach? {
        guard let frame = stage.latestFrame else { return nil }
        let slack = 0.5
        for piece in frame.pieces {
            for element in piece.elements {
                try work.step()
                guard !except.contains(piece.name), !except.contains(element.name),
                      !except.contains("\(piece.name).\(element.name)"), let r = element.rect,
                      element["opacity"] != 0 else { continue }
                let out = r.x < bounds.x - slack || r.y < bounds.y - slack || r.maxX > bounds.maxX + slack
                    || r.maxY > bounds.maxY + slack
                guard out else { continue }
                return InvariantBreach(rule: "inside", frame: frame.index, time: frame.time, piece: piece.name,
                                       element: element.name, property: "rect",
                                       detail: "\(describe(r)) is not inside \(describe(bounds))")
            }
        }
        return nil
    }

    /// The stage's whole screen, and the part of it inside the safe area.
    public static func screen(of stage: Stage) -> Rect {
        Rect(x: 0, y: 0, width: stage.environment.size.width, height: stage.environment.size.height)
    }

    public static func safeArea(of stage: Stage) -> Rect {
        let e = stage.environment, inset = e.safeArea
        return Rect(x: inset.leading, y: inset.top, width: max(e.size.width - inset.leading - inset.trailing, 0),
                    height: max(e.size.height - inset.top - inset.bottom, 0))
    }

    static func breach(_ rule: String, _ stage: Stage, _ piece: String, _ element: String, property: String,
                       detail: String) -> InvariantBreach {
        InvariantBreach(rule: rule, frame: stage.latestFrame?.index ?? 0, time: stage.latestFrame?.time ?? stage.now,
                        piece: piece, element: element, property: property, detail: detail)
    }

    static func describe(_ r: Rect) -> String {
        "{ x = \(format(r.x)), y = \(format(r.y)), w = \(format(r.width)), h = \(format(r.height)) }"
    }

    static func format(_ value: Double) -> String { JSONNumberFormat.formatNumber(value, decimals: 3) }
}
