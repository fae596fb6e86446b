-- piecebox:plugins: checks and applies one plugin's manifest (PluginLoader.swift loads it).
local name, source, path, add, pieceOptions, typeName = ...
-- The options s:piece takes, as a set: a piece type's constructor gives these to the piece and its state's keys to
-- the state.
local isPieceOption = {}
for _, option in ipairs(pieceOptions) do isPieceOption[option] = true end
local prefix = "plugin '" .. name .. "'"
-- A key as messages show it: a name or a number as itself, anything else by its type ("a table"), never by an
-- address, which changes from run to run.
local function shown(key)
  local kind = type(key)
  if kind == "string" or kind == "number" or kind == "boolean" then return tostring(key) end
  return "a " .. kind
end
-- Keys in sorted order, not pairs' hash order (it changes from run to run): two faults always name the same one.
local function sortedKeys(t)
  local keys = {}
  for key in pairs(t) do keys[#keys + 1] = key end
  table.sort(keys, function(a, b) return shown(a) < shown(b) end)
  return keys
end
local chunk, err = load(source, "@" .. path, "t")
if not chunk then error(prefix .. ": " .. err, 0) end
local ok, manifest = pcall(chunk)
if not ok then error(prefix .. ": " .. tostring(manifest), 0) end
if type(manifest) ~= "table" then
  error(prefix .. ": " .. path .. " must return a table (the manifest), got " .. typeName(manifest), 0)
end
local known = { methods = true, matchers = true, overrides = true, description = true, pieces = true }
for _, key in ipairs(sortedKeys(manifest)) do
  if not known[key] then
    error(prefix .. ": unknown manifest key '" .. shown(key) .. "' (known: description, matchers, methods, overrides, pieces)", 0)
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
    if type(fns) ~= "table" then error(prefix .. ": methods." .. shown(class) .. " must be a table of functions", 0) end
    for _, method in ipairs(sortedKeys(fns)) do
      local fn = fns[method]
      if type(method) ~= "string" or type(fn) ~= "function" then
        error(prefix .. ": methods." .. shown(class) .. "." .. shown(method) .. " must be a function", 0)
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
    if type(fn) ~= "function" then error(prefix .. ": matchers." .. shown(matcher) .. " must be a function", 0) end
  end
  expectExtend(matchers)
end
-- pieces = { pulse = { state = {...}, layout = ..., onTouch = ..., methods = {...}, readings = {...}, ... } }: piece
-- types, each a stage constructor like a built-in one (s:pulse{ name = "p1", beat = 2 }). A piece made from a type
-- gets a fresh copy of the type's state with the given state's keys laid over it, and the type's name unless it
-- gives one. A key
-- of the type's state may be given at the top, as a built-in piece's options are (s:pulse{ beat = 2 } is
-- s:pulse{ state = { beat = 2 } }); one of s:piece's options replaces the type's (a layout, a handler), so a state
-- key that is also an option's name goes in `state = {...}`. Any other key is refused, naming both lists.
local pieces = manifest.pieces
if pieces ~= nil then
  if type(pieces) ~= "table" then error(prefix .. ": 'pieces' must be a table { name = { layout = ..., ... } }", 0) end
  for _, kind in ipairs(sortedKeys(pieces)) do
    local spec = pieces[kind]
    local what = prefix .. ": pieces." .. shown(kind)
    if type(kind) ~= "string" or not kind:match("^[%a_][%w_]*$") then
      error(prefix .. ": pieces: a piece type needs a name of letters, digits and '_', got " .. shown(kind), 0)
    end
    if type(spec) ~= "table" then error(what .. " must be a table { layout = function(state, env) ... end, ... }", 0) end
    if type(spec.layout) ~= "function" and type(spec.body) ~= "function" then error(what .. ".layout must be a function(state, env) (or give .body, a function(state, env) that returns a view)", 0) end
    if spec.state ~= nil and type(spec.state) ~= "table" then error(what .. ".state must be a table", 0) end
    -- The state's keys a constructor takes at its top (strings only), and their defaults' types for the stubs.
    local stateKeys, stateList, stateFields = {}, {}, {}
    for _, k in ipairs(sortedKeys(spec.state or {})) do
      if type(k) == "string" and not isPieceOption[k] then
        stateKeys[k] = true
        stateList[#stateList + 1] = k
        stateFields[#stateFields + 1] = k .. ":" .. type(spec.state[k])
      end
    end
    local function make(stage, options)
      if options ~= nil and type(options) ~= "table" then
        error("stage:" .. kind .. ": argument 1 must be a table of options, got " .. typeName(options), 2)
      end
      options = options or {}
      local merged = {}
      for k, v in pairs(spec) do merged[k] = v end
      local state = {}
      for k, v in pairs(spec.state or {}) do state[k] = v end
      local given = {}
      for _, k in ipairs(sortedKeys(options)) do
        if isPieceOption[k] then
          if k ~= "state" then merged[k] = options[k] end
        elseif stateKeys[k] then
          given[k] = options[k]
        else
          error("stage:" .. kind .. ": unknown option '" .. shown(k) .. "' (the state's keys: "
            .. table.concat(stateList, ", ") .. "; the piece's options: " .. table.concat(pieceOptions, ", ") .. ")", 2)
        end
      end
      if options.state ~= nil then
        if type(options.state) ~= "table" then error("stage:" .. kind .. ": option 'state' must be a table", 2) end
        for k, v in pairs(options.state) do state[k] = v end
      end
      for k, v in pairs(given) do state[k] = v end
      merged.state = state
      if merged.name == nil then merged.name = kind end
      -- A refusal names the type and the script's line, not this file's.
      local made, piece = pcall(stage.piece, stage, merged)
      if not made then
        error((tostring(piece):gsub("^[^:\n]+:%d+: ", ""):gsub("^stage:piece:", "stage:" .. kind .. ":")), 2)
      end
      return piece
    end
    local names = {}
    if type(spec.methods) == "table" then
      for _, method in ipairs(sortedKeys(spec.methods)) do names[#names + 1] = shown(method) end
    end
    local readings = {}
    if type(spec.readings) == "table" then
      for _, reading in ipairs(sortedKeys(spec.readings)) do readings[#readings + 1] = shown(reading) end
    end
    local added, why = pcall(add, "stage", kind, make, names, stateFields, readings)
    if not added then error((tostring(why):gsub("^piecebox:plugins:%d+: ", "")), 0) end
  end
end
if manifest.overrides ~= nil then
  local applied, why = pcall(motion.override, manifest.overrides)
  if not applied then error(prefix .. ": overrides: " .. tostring(why), 0) end
end
