import PieceKit

/// A value scripts hold together with the stage it lives on: a piece, a player, a finger. One wrapper for every
/// such type, so a binding only says what its class does.
package final class Bound<Value> {
    let value: Value
    package let stage: Stage
    init(_ value: Value, on stage: Stage) { self.value = value; self.stage = stage }
}

/// Its userdata carries its stage's `StageValues` table (see `OnStage`).
extension Bound: OnStage {}

/// A binding that describes one class scripts hold. Its name is its entry's in `BindingRegistry`; the class is
/// described once per state, and every push of a value of it goes through `push`.
package protocol ClassBinding: SendableMetatype {
    associatedtype Object: AnyObject
    /// Adds the class's methods and readings, each with what it takes, gives and does (see `MemberDeclaration`).
    static func describe(_ cls: LuaClass<Object>, context: BindingContext)
    /// Its constructor's options, each declared once (empty when it takes none).
    static var options: [OptionSpec] { get }
}

extension ClassBinding {
    package static var options: [OptionSpec] { [] }
    /// The keys its constructor's options table accepts, from `options`.
    static var optionKeys: [String] { OptionSpec.names(options) }

    /// The name scripts see, from the registry.
    static var className: String { BindingRegistry.name(of: self) }

    /// The class in this scenario's state, described on first use.
    static func luaClass(_ context: BindingContext) -> LuaClass<Object> {
        context.state.luaClass(className) { describe($0, context: context) }
    }

    /// The class's members, for checks that need no object type (tests).
    static func members(_ context: BindingContext) -> any LuaClassMembers { luaClass(context) }

    /// What the binding declares about its class: `describe` run on a class of its own that keeps declarations
    /// (never the state's, whose classes keep none).
    static func declaration(_ context: BindingContext) -> ClassDeclaration {
        let cls = LuaClass<Object>(className, declaring: true)
        describe(cls, context: context)
        return cls.declaration
    }

    /// The value of this class at absolute stack index `index`, if it is one.
    package static func object(_ c: LuaCall, at index: Int32) -> Object? {
        pb_object(c, index, LuaClass<Object>.registryName(className))
    }

    /// Pushes `object` as a value of this class; one that holds a stage carries the stage's values (`StageValues`).
    static func push(_ object: Object, context: BindingContext) {
        let values = (object as? OnStage).flatMap { context.values(of: $0.stage) }
        context.state.push(object, as: luaClass(context), holding: values)
    }
}

/// A type scripts make with a method of the stage, `s:<name>{...}`, and hold as a `Bound` value.
protocol StageMadeBinding: ClassBinding where Object == Bound<Value> {
    associatedtype Value
    /// Reads the call's options and puts the new value on the stage.
    static func make(on stage: Stage, _ c: LuaCall, context: BindingContext) throws -> Value
    /// Globals the type brings with it (the `metal` library); none unless a binding says so.
    static func installGlobals(context: BindingContext)
    /// A working options table for `s:<name>(...)`, as Lua; it may name values of types made before it in the
    /// registry by their names (`{ player = player }`). The reference shows it; the fuzz test makes its objects so.
    static var example: String { get }
}

extension StageMadeBinding {
    static func installGlobals(context: BindingContext) {}

    /// Adds `s:<name>{...}` to the stage class: make the value, then push it bound to that stage. Its globals are
    /// set apart (`StageBinding.install`), before the script runs, since the stage's class is described later.
    static func install(on stage: LuaClass<StageObject>, context: BindingContext) {
        stage.method(className, "Makes a `\(className)` on this stage", [.opt("options", "piecebox.\(className)Options")],
                     returns: "piecebox.\(className)") { o, c in
            let value = try make(on: o.stage, c, context: context)
            try keep(c, on: o.stage)
            push(Bound(value, on: o.stage), context: context)
            return 1
        }
    }
}

/// Counts what a call copied out of Lua (its read budget: every name, text and list it read) as kept by `stage`
/// for as long as the stage lives, since the piece it made or changed holds those copies; then asks the file's
/// limits at once, so the next copy is measured against them. Every constructor of a stage's type goes through
/// here (`StageMadeBinding.install`), and so does every method that keeps what it reads (a glass group's `insert`).
func keep(_ c: LuaCall, on stage: Stage) throws {
    let copied = c.budget.copiedBytes
    guard copied > 0 else { return }
    stage.keptBytes += copied
    if let reason = stage.interruption?() { throw LuaHostError.message(reason) }
}

extension StageMadeBinding {
    /// The value of this type given as option `key` of the options table `opts` (argument 1), which must have been
    /// made on `stage`: a NowPlaying's player, a tab bar's page.
    static func value(inOption key: String, of opts: Options, _ c: LuaCall, on stage: Stage) throws -> Value {
        guard let bound = c.object(inOption: key, of: 1, className: LuaClass<Object>.registryName(className)) as Bound<Value>? else {
            throw c.optionError(key, "a \(className) made with s:\(className){...}", got: opts.table[key].typeName)
        }
        guard bound.stage === stage else {
            throw c.refusal("option '\(key)' is on another stage; make the \(className) on this one")
        }
        return bound.value
    }
}
