import CLua
import CLuaShim
import PieceKit

/// A view a script built with `ui` (`ui.Text("a"):padding()`): an immutable Swift `LayoutView`, so laying it out
/// reads no Lua at all. A modifier makes a new one; children and backgrounds are shared, never copied.
final class ViewObject {
    let view: LayoutView
    /// How deeply views nest in it: 1 for a view with no view inside.
    let depth: Int
    /// How many views it holds, itself included.
    let count: Int

    /// What its userdata weighs: its own bytes and those of every view it was made from. A view it holds lives on
    /// inside it after that view's own userdata is collected, so the weight goes with the holder; a view shared
    /// by several is counted in each, erring on the side of the cap.
    let bytes: Int

    init(_ view: LayoutView, depth: Int, count: Int, madeFrom parts: [ViewObject] = []) {
        self.view = view; self.depth = depth; self.count = count
        bytes = parts.reduce(0) { $0 + $1.bytes } + Self.ownBytes(of: view)
    }

    /// How deep a tree may nest: laying out and walking a tree recurse once per level, so a script's tree is
    /// refused at the call that would pass this, long before a stack could run out. SwiftUI bodies nest a dozen deep.
    static let maxDepth = 32
    /// How many views one tree may hold: the layout of a body runs at every change, so its size is bounded.
    static let maxViews = 10_000
    /// How many modifiers one view may carry: each modifier copies the list before it.
    static let maxModifiers = 100

    /// SwiftUI's name for the view's kind, as messages name it: "Text", "VStack", "RoundedRectangle".
    var kindName: String { Self.name(of: view.kind) }

    static func name(of kind: LayoutViewKind) -> String {
        switch kind {
        case .vStack: "VStack"
        case .hStack: "HStack"
        case .zStack: "ZStack"
        case .spacer: "Spacer"
        case .text: "Text"
        case .image: "Image"
        case .shape(let shape): BodyElements.name(of: shape)
        case .color: "Color"
        case .button: "Button"
        case .group: "Group"
        case .empty: "EmptyView"
        }
    }

    /// About what the Swift value of `view` holds beyond what it shares with the views it was made from: the
    /// object, its list of modifiers or children, and its text.
    static func ownBytes(of view: LayoutView) -> Int {
        var bytes = 96 + view.modifiers.count * MemoryLayout<LayoutModifier>.stride
        switch view.kind {
        case .vStack(_, _, let children), .hStack(_, _, let children), .zStack(_, let children), .group(let children):
            bytes += children.count * MemoryLayout<LayoutView>.stride
        case .text(let s), .image(let s), .color(let s):
            bytes += s.utf8.count
        case .button(let label):
            bytes += ownBytes(of: label)
        default: break
        }
        for modifier in view.modifiers.suffix(1) {
            switch modifier {
            case .id(let s), .style(let s), .accessibilityLabel(let s): bytes += s.utf8.count
            default: break
            }
        }
        return bytes
    }
}

/// Made views, as every `ui` function and view method makes them: the limits checked, then room asked under the
/// memory cap, then pushed.
enum MadeView {
    /// Checks `view`, made by `c` from `parts` (its depth and count are the new view's own, limits not yet
    /// checked), and pushes it weighing what it holds. Throws the call's refusal when it passes a limit.
    static func push(_ view: LayoutView, depth: Int, count: Int, madeFrom parts: [ViewObject], _ c: LuaCall,
                     context: BindingContext) throws {
        guard depth <= ViewObject.maxDepth else {
            throw c.refusal("views nest \(depth) deep, more than ui allows (\(ViewObject.maxDepth))")
        }
        guard count <= ViewObject.maxViews else {
            throw c.refusal("a tree of \(count) views, more than ui allows (\(ViewObject.maxViews))")
        }
        guard view.modifiers.count <= ViewObject.maxModifiers else {
            throw c.refusal("a view with more than \(ViewObject.maxModifiers) modifiers")
        }
        let object = ViewObject(view, depth: depth, count: count, madeFrom: parts)
        let bytes = object.bytes
        guard hostRoom(c.L, for: bytes) else {
            throw LuaHostError.message("memory limit exceeded (making a \(object.kindName) view)")
        }
        let cls = ViewBinding.luaClass(context)
        cls.ensureMetatable(in: context.state)
        pb_push_object_weighing(c.L, Unmanaged.passRetained(ObjectBox(object)).toOpaque(), cls.name, bytes)
    }

    /// The view at absolute stack index `index`, if it is one.
    static func at(_ c: LuaCall, _ index: Int32) -> ViewObject? {
        ViewBinding.object(c, at: index)
    }
}
