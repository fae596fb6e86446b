@testable import PieceKit

/// The iPhone 15 portrait screen every layout test is laid out on unless it says otherwise: 393 × 852 points, safe
/// area 59 at the top and 34 at the bottom, so the root is proposed 393 × (852 − 59 − 34) = 393 × 759 and centred
/// in the rect from y 59.
let phone = LayoutContext()

func laidOut(_ view: LayoutView, _ context: LayoutContext = phone) -> LayoutResult {
    LayoutEngine.layout(view, in: context)
}

/// The frame of the view named `id`, or a zero rect far away when there is none (so the comparison fails clearly).
func frame(_ result: LayoutResult, _ id: String) -> Rect {
    result[id]?.frame ?? Rect(x: -9999, y: -9999, width: 0, height: 0)
}

/// Frames are compared within a millionth of a point: the arithmetic is the same, the order of additions may not be.
func close(_ a: Rect, _ b: Rect) -> Bool {
    abs(a.x - b.x) < 1e-6 && abs(a.y - b.y) < 1e-6 && abs(a.width - b.width) < 1e-6
        && abs(a.height - b.height) < 1e-6
}

func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect { Rect(x: x, y: y, width: w, height: h) }

/// A plain colour, the layout's "fills what it is offered" view.
let fill = LayoutView.color("gray")
