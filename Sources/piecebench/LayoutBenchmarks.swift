import Foundation
import PieceKit

/// The layout engine on a list-like tree of about 200 views: seconds a layout, and a memo's answer when nothing
/// changed. No Lua: this is the engine alone.
enum LayoutBenchmarks {
    /// Rows of the list; each row is an icon, two lines of text, a spacer and a trailing label in stacks with
    /// padding, frames and a background: 5 views and 2 stacks a row, so 28 rows are 196 views plus the list.
    static let rows = 28

    static func tree() -> LayoutView {
        let list = (0..<rows).map { i in
            LayoutView.hStack([
                LayoutView.image(systemName: "music.note").font(LayoutFont(.style(.title3)))
                    .frame(width: 44, height: 44),
                LayoutView.vStack(alignment: .leading, spacing: 2, [
                    LayoutView.text("Track number \(i) of the long playlist").font(LayoutFont(.style(.headline))),
                    LayoutView.text("An artist with a name").font(LayoutFont(.style(.subheadline))).lineLimit(1),
                ]),
                LayoutView.spacer(),
                LayoutView.text("\(3 + i % 4):\(10 + i)").fixedSize(),
            ]).padding(.horizontal, 16).padding(.vertical, 6).background(LayoutView.color("row")).id("row\(i)")
        }
        return LayoutView.vStack(spacing: 0, list).frame(maxWidth: .infinity, alignment: .top)
    }

    /// Seconds a layout over `runs` layouts of the tree (each pass starts with nothing cached).
    static func layoutSeconds(runs: Int) -> Double {
        let view = tree(), context = LayoutContext()
        var sink = 0
        let total = seconds {
            for _ in 0..<runs { sink &+= LayoutEngine.layout(view, in: context).views.count }
        }
        precondition(sink == runs * rows, "piecebench: the layout lost rows")
        return total / Double(runs)
    }

    /// Seconds a memo takes to answer for the same tree and context (a comparison, no layout).
    static func memoSeconds(runs: Int) -> Double {
        let view = tree(), context = LayoutContext()
        var memo = LayoutEngineMemo()
        _ = memo.layout(view, in: context)
        let total = seconds {
            for _ in 0..<runs { _ = memo.layout(view, in: context) }
        }
        return total / Double(runs)
    }

    /// Seconds `MiniPlayerLayout.make` takes: the mini player's body laid out closed and open by the engine. The
    /// piece keeps the answer per screen and text (its elements input), so this is paid when those change, never
    /// a frame.
    static func miniPlayerSeconds(runs: Int) -> Double {
        let environment = PieceEnvironment()
        var sink = 0.0
        let total = seconds {
            for i in 0..<runs {
                sink += MiniPlayerLayout.make(in: environment, title: "Midnight Drive \(i % 2)",
                                              subtitle: "The Night Owls").art.width
            }
        }
        precondition(sink > 0, "piecebench: the mini player lost its artwork")
        return total / Double(runs)
    }

    /// The target: a quarter of a frame at 120 fps (8.3 ms), so a piece can lay out from nothing every frame.
    static func rows(m: (String) -> Double) -> [Row] {
        let layout = m("layout200"), memo = m("layoutMemo")
        return [Row(name: "layout engine, a 200-view list laid out from nothing", figure: layout * 1e6, unit: "µs",
                    target: .atMost(2_000),
                    detail: "\(Rows.f(layout * 1e6, 0)) µs a layout; the memo's answer when nothing changed "
                        + "\(Rows.f(memo * 1e6, 1)) µs",
                    extra: ["microsecondsPerLayout": layout * 1e6, "microsecondsPerMemoAnswer": memo * 1e6]),
                Row(name: "MiniPlayer layout (its body, closed and open), once per screen and text",
                    figure: m("miniPlayerLayout") * 1e6, unit: "µs", target: .atMost(2_000),
                    detail: "\(Rows.f(m("miniPlayerLayout") * 1e6, 1)) µs a layout; kept until the screen or text changes",
                    extra: ["microsecondsPerLayout": m("miniPlayerLayout") * 1e6])]
    }
}
