-- piecebox:plugins: checks and applies one plugin's manifest (PluginLoader.swift loads it).
local name, source, path, add = ...
local prefix = "plugin '" .. name .. "'"
-- Keys in sorted order, not pairs' hash order (it changes from run to run): two faults always name the same one.
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
