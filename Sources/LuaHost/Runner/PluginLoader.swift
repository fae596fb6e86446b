import CLua
import CLuaShim

/// Loads plugin manifests into a scenario's sandbox, before the scenario runs.
///
/// A manifest is a Lua file returning a table:
/// - `methods = { stage = { name = function(self, ...) end }, player = { ... }, ... }`: methods added to the
///   objects scripts hold, those `BindingRegistry` lets plugins extend. Taking the name of a built-in method or
///   reading (for the stage, also of a constructor such as `nowPlaying`) is an error when the plugin loads.
/// - `matchers = { toBeFoo = function(actual, ...) return pass, phrase, expected end }`: as `expectExtend`.
/// - `overrides = { reveal = ..., tiers = { ... } }`: motion token overrides for every test of the file.
/// - `description`: a line saying what it does.
/// The manifest runs in the same sandbox as the scenario, under the same limits; any error names the plugin.
enum PluginLoader {
    /// The objects plugins may add methods to, by the names scripts see in messages.
    static var classes: [String] { BindingRegistry.extensible }

    /// Runs every manifest; the first failure is returned as the message for the file.
    static func load(_ plugins: [PluginCatalog.Plugin], into state: LuaState) -> String? {
        guard !plugins.isEmpty else { return nil }
        PluginMethods.reset(in: state)
        for plugin in plugins {
            let outcome = state.run(text: source, chunkName: "=piecebox:plugins") { L in
                pushBytes(L, plugin.name)
                pushBytes(L, plugin.source)
                pushBytes(L, plugin.manifestPath)
                state.pushFunction { c in
                    try addMethod(c.named("plugin '\(plugin.name)'"), state: state)
                    return 0
                }
                return 4
            }
            switch outcome {
            case .ok: continue
            case .error(let message, _): return message
            case .breach(let breach, let location):
                return "plugin '\(plugin.name)': \(location ?? plugin.manifestPath): \(breach.description)"
            }
        }
        return nil
    }

    /// `add(class, name, fn)`: files the method under its class, refusing unknown classes and clashes.
    private static func addMethod(_ c: LuaCall, state: LuaState) throws {
        let className = try c.string(1, "a class name")
        let method = try c.string(2, "a method name")
        guard classes.contains(className) else {
            throw LuaHostError.message("\(c.function): methods for '\(className)': no such object (known: "
                + classes.joined(separator: ", ") + ")")
        }
        if BindingRegistry.builtInMembers(of: className).contains(method) {
            throw LuaHostError.message("\(c.function): \(className) already has a built-in '\(method)'")
        }
        PluginMethods.add(method, to: className, function: 3 + c.offset, in: state)
    }

    /// Checks and applies one manifest. Written in Lua so the manifest's own code never runs under a Swift
    /// frame; `add` is the only call back into Swift and calls no Lua.
    static let source = #"""
local name, source, path, add = ...
local prefix = "plugin '" .. name .. "'"
-- Keys in sorted order: pairs follows Lua's hash order, which changes from run to run, and a manifest with
-- two faults must name the same one every time.
local function sortedKeys(t)
  local keys = {}
  for key in pairs(t) do keys[#keys + 1] = key end
  table.sort(keys, function(a, b) return tostring(a) < tostring(b) end)
  return keys
end
local chunk, err = load(source, "@" .. path, "t")
if not chunk then error(prefix .. ": " .. err, 0) end
local ok, manifest = pcall(chunk)
if not ok then error(prefix .. ": " .. tostring(manifest), 0) end
if type(manifest) ~= "table" then
  error(prefix .. ": " .. path .. " must return a table (the manifest), got " .. type(manifest), 0)
end
local known = { methods = true, matchers = true, overrides = true, description = true }
for _, key in ipairs(sortedKeys(manifest)) do
  if not known[key] then
    error(prefix .. ": unknown manifest key '" .. tostring(key) .. "' (known: description, matchers, methods, overrides)", 0)
  end
end
if manifest.description ~= nil and type(manifest.description) ~= "string" then
  error(prefix .. ": 'description' must be a string", 0)
end
local methods = manifest.methods
if methods ~= nil then
  if type(methods) ~= "table" then error(prefix .. ": 'methods' must be a table { stage = { name = function } }", 0) end
  for _, class in ipairs(sortedKeys(methods)) do
    local fns = methods[class]
    if type(fns) ~= "table" then error(prefix .. ": methods." .. tostring(class) .. " must be a table of functions", 0) end
    for _, method in ipairs(sortedKeys(fns)) do
      local fn = fns[method]
      if type(method) ~= "string" or type(fn) ~= "function" then
        error(prefix .. ": methods." .. tostring(class) .. "." .. tostring(method) .. " must be a function", 0)
      end
      local added, why = pcall(add, class, method, fn)
      if not added then error((tostring(why):gsub("^piecebox:plugins:%d+: ", "")), 0) end
    end
  end
end
local matchers = manifest.matchers
if matchers ~= nil then
  if type(matchers) ~= "table" then error(prefix .. ": 'matchers' must be a table of matcher functions", 0) end
  for _, matcher in ipairs(sortedKeys(matchers)) do
    local fn = matchers[matcher]
    if type(fn) ~= "function" then error(prefix .. ": matchers." .. tostring(matcher) .. " must be a function", 0) end
  end
  expectExtend(matchers)
end
if manifest.overrides ~= nil then
  local applied, why = pcall(motion.override, manifest.overrides)
  if not applied then error(prefix .. ": overrides: " .. tostring(why), 0) end
end
"""#
}
