-- piecebox:tokens: runs a --tokens file in its own copies of the libraries (TokenSets.swift loads it).
local path, source, apply, typeName = ...
local next, type, error = next, type, error
-- The file's own deep copies of the libraries: what it assigns never reaches the scenario (functions, userdata shared).
local function copy(value, copies)
  if type(value) ~= "table" then return value end
  local made = copies[value]
  if made then return made end
  made = {}
  copies[value] = made
  for k, v in next, value do made[copy(k, copies)] = copy(v, copies) end
  return made
end
local copies = {}
local env = { motion = copy(motion, copies), math = copy(math, copies), string = copy(string, copies),
              table = copy(table, copies), ipairs = ipairs, pairs = pairs, type = type, tostring = tostring,
              tonumber = tonumber, error = error, assert = assert, select = select }
-- What a token set gives is what it returns; these would change the scenario's tokens behind that.
local function returnInstead(name)
  return function()
    error("motion." .. name .. " is not available in a token set; return the overrides from the file instead", 2)
  end
end
env.motion.override, env.motion.resetOverrides = returnInstead("override"), returnInstead("resetOverrides")
local chunk, err = load(source, "@" .. path, "t", env)
if not chunk then error(err, 0) end
local ok, result = pcall(chunk)
if not ok then error(tostring(result), 0) end
if type(result) ~= "table" then
  error("a token set must return a table of motion overrides such as { tiers = { calm = { duration = 0.6, bounce = 0.1 } } }, got " .. typeName(result), 0)
end
local applied, why = pcall(apply, result)
if not applied then error((tostring(why):gsub("^piecebox:tokens:%d+: ", "")), 0) end
