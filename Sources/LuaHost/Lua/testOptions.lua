-- piecebox:testOptions: what a test declaration may add, loaded the first time a file declares with an options table
-- or with rows (tests.lua loads it): tags and limits, the limits' wrapper, and test.each's rows.
local host, sealed, type, error, tostring, pairs, pcall, floor, mathtype = ...
-- What an error calls a value: the host's one rule (TypeName.swift), so a stage is "piecebox.stage".
local typeName = host.typeName
local declaring = {}

--- Reads `limits = { frames = N, instructions = N }`: an exploration's run limits, for the test it writes.
local function readLimits(kind, limits)
  if type(limits) ~= "table" then error(kind .. ": limits must be a table { frames = N, instructions = N }, got " .. typeName(limits), 5) end
  for k, v in pairs(limits) do
    if k ~= "frames" and k ~= "instructions" then
      error(kind .. ": limits: unknown key '" .. tostring(k) .. "' (the keys are frames, instructions)", 5)
    end
    if mathtype(v) ~= "integer" or v < 1 then
      error(kind .. ": limits." .. k .. " must be a whole number of 1 or more, got " .. tostring(v), 5)
    end
  end
  return limits
end

--- Reads the optional options table: `tags`, a list of names, and `limits` (see readLimits).
function declaring.readOptions(kind, options, test)
  local tags = {}
  for k in pairs(options) do
    if k ~= "tags" and not (test and k == "limits") then
      error(kind .. ": unknown option '" .. tostring(k) .. (test and "' (the options are limits, tags)" or "' (the one option is tags)"), 4)
    end
  end
  if options.limits ~= nil then tags.limits = readLimits(kind, options.limits) end
  local list = options.tags
  if list == nil then return tags end
  if type(list) ~= "table" then error(kind .. ": tags must be a list of names, got " .. typeName(list), 4) end
  local n = #list
  for k in pairs(list) do
    if type(k) ~= "number" or k < 1 or k > n or floor(k) ~= k then
      error(kind .. ": tags must be a list of names, but it has the key " .. tostring(k), 4)
    end
  end
  for i = 1, n do
    local tag = list[i]
    if type(tag) ~= "string" or not tag:match("^[%w_%-%.:]+$") then
      error(kind .. ": tag " .. i .. " must be a name of letters, digits, '_', '-', '.' or ':', got "
        .. (type(tag) == "string" and ("\"" .. tag .. "\"") or type(tag)), 4)
    end
    tags[#tags + 1] = tag
  end
  return tags
end

-- A test with limits runs as an exploration's run does: its stages capped and its instructions counted.
local X = host.exploring
function declaring.limited(fn, limits)
  return function()
    X.quiet(limits.frames)
    X.runBudget(limits.instructions or 0)
    local ok, err = pcall(fn)
    X.quiet()
    X.runBudget(0)
    if not ok then error(err, 0) end
  end
end


-- A row's value as a name shows it: numbers and strings as written, anything else by its type (an address would
-- change the name from run to run).
local function shown(v)
  local t = type(v)
  if t == "string" or t == "boolean" then return tostring(v) end
  if t == "number" then return math.type(v) == "integer" and tostring(v) or string.format("%.14g", v) end
  return t
end

-- `test.each(rows, "name %s", fn)`: one declaration a row. A row that is a list is spread into the name's `%s` (or
-- `%d`, `%g`, ...) and into the function's arguments; any other row is one value. Two rows with one name get their
-- row number after it, so every test keeps a name of its own.
function declaring.each(kind, run)
  return function(rows, name, a, b)
    sealed(kind .. ".each")
    if type(rows) ~= "table" then error(kind .. ".each: argument 1 must be a list of rows, got " .. typeName(rows), 2) end
    if type(name) ~= "string" then
      error(kind .. ".each: argument 2 must be the name, with %s where each row's values go, got " .. typeName(name), 2)
    end
    local options, fn = nil, a
    if type(a) == "table" then options, fn = a, b end
    if type(fn) ~= "function" then
      error(kind .. ".each: argument " .. (options and 4 or 3) .. " must be a function, got " .. typeName(fn), 2)
    end
    local unpack, count, seen, made = table.unpack, #rows, {}, {}
    for i = 1, count do
      local row = rows[i]
      local values = (type(row) == "table" and #row > 0) and row or { row, n = 1 }
      local shownValues = {}
      for j = 1, (values.n or #values) do shownValues[j] = shown(values[j]) end
      local ok, title = pcall(string.format, name, unpack(shownValues, 1, values.n or #values))
      if not ok then
        error(kind .. ".each: the name \"" .. name .. "\" does not fit row " .. i .. ": "
          .. tostring(title):gsub("^bad argument #(%d+) to '[^']*'", function(n) return "its value " .. (n - 1) end), 2)
      end
      made[i] = { title = title, values = values }
      seen[title] = (seen[title] or 0) + 1
    end
    for i = 1, count do
      local row = made[i]
      local title = seen[row.title] > 1 and (row.title .. " (row " .. i .. ")") or row.title
      local values = row.values
      local body = function() return fn(unpack(values, 1, values.n or #values)) end
      if options then run(kind .. ".each", title, options, body) else run(kind .. ".each", title, body) end
    end
  end
end

return declaring
