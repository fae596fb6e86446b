-- piecebox:writer: the one writer of the Lua an exploration generates (explore.lua loads it through HostTable.swift):
-- every name, key and message goes through `quote`, `comment` or `index`, so text a script gave can never become
-- code; a function is copied with its exact text and its own upvalues; what cannot be written is said, never guessed.
local host, lib = ...
local type, tostring, tonumber, pairs, ipairs = lib.type, lib.tostring, lib.tonumber, lib.pairs, lib.ipairs
local sort, concat, format, mtype, getmetatable = lib.sort, lib.concat, lib.format, lib.mathtype, lib.getmetatable
local setmetatable, insert = lib.setmetatable, lib.insert
local X = host.exploring

local W = {}

local KEYWORDS = {}
for word in ("and break do else elseif end false for function goto if in local nil not or repeat return then true until while"):gmatch("%a+") do
  KEYWORDS[word] = true
end

local NAMED_ESCAPES = { ["\n"] = "\\n", ["\r"] = "\\r", ["\t"] = "\\t", ["\""] = "\\\"", ["\\"] = "\\\\" }

--- `text` as a Lua string literal that ends only where it should: quotes, backslashes and every control byte
--- (line breaks, carriage returns, NUL, DEL) escaped.
function W.quote(text)
  return "\"" .. text:gsub("[%c\"\\]", function(c)
    return NAMED_ESCAPES[c] or format("\\%03d", c:byte())
  end) .. "\""
end

--- A comment line holding `text`: its control bytes are written as escapes, so nothing after them is code.
function W.comment(text)
  return "-- " .. tostring(text):gsub("%c", function(c)
    return NAMED_ESCAPES[c] or format("\\%03d", c:byte())
  end)
end

--- `text` cut to at most `most` bytes (never inside a UTF-8 character), with "..." when it was cut.
function W.clip(text, most)
  if #text <= most then return text end
  local cut = most
  while cut > 0 and (text:byte(cut + 1) or 0) & 0xC0 == 0x80 do cut = cut - 1 end
  return text:sub(1, cut) .. "..."
end

--- Whether `k` can be written as a bare name (`w.k`, `{ k = ... }`): a Lua name that is not a keyword.
function W.isName(k)
  return type(k) == "string" and k:match("^[%a_][%w_]*$") ~= nil and not KEYWORDS[k]
end

--- A number as the shortest text that reads back as the same number.
function W.number(v)
  if mtype(v) == "integer" then return v == -9223372036854775807 - 1 and "math.mininteger" or tostring(v) end
  if v ~= v then return "0/0" end
  if v == 1 / 0 then return "1/0" end
  if v == -1 / 0 then return "-1/0" end
  for digits = 1, 17 do
    local text = format("%." .. digits .. "g", v)
    if tonumber(text) == v then return text end
  end
  return format("%.17g", v)
end

--- `base.k` when k is a name, else `base["k"]` or `base[1]`; nil for a key that cannot be written.
function W.index(base, k)
  if W.isName(k) then return base .. "." .. k end
  if type(k) == "string" then return base .. "[" .. W.quote(k) .. "]" end
  if type(k) == "number" or type(k) == "boolean" then return base .. "[" .. (type(k) == "number" and W.number(k) or tostring(k)) .. "]" end
  return nil
end

--- The functions and tables of the libraries, by the expression that names them (`string.format`).
local function libraryNames(globals)
  local names = {}
  local keys = {}
  for k in pairs(globals) do if type(k) == "string" then keys[#keys + 1] = k end end
  sort(keys)
  for _, k in ipairs(keys) do
    local v = globals[k]
    if (type(v) == "function" or type(v) == "table") and W.isName(k) and names[v] == nil then names[v] = k end
  end
  for _, k in ipairs(keys) do
    local t = globals[k]
    if type(t) == "table" and W.isName(k) and k ~= "_G" then
      local fields = {}
      for f, v in pairs(t) do if type(f) == "string" and type(v) == "function" then fields[#fields + 1] = f end end
      sort(fields)
      for _, f in ipairs(fields) do
        if names[t[f]] == nil then names[t[f]] = k .. "." .. f end
      end
    end
  end
  return names
end

local Writer = {}
Writer.__index = Writer

--- The values of the modules the file required, each with the expression that gives it again:
--- `require("_heart")` for a module, `require("_heart").new` for a function or table it holds by name (three
--- tables deep at most), the first module and the shortest path first.
local function moduleValues()
  local out = {}
  for _, m in ipairs(host.required or {}) do
    local queue = { { m.value, "require(" .. W.quote(m.name) .. ")", 0 } }
    local at = 1
    while queue[at] do
      local v, expr, depth = queue[at][1], queue[at][2], queue[at][3]
      at = at + 1
      if out[v] == nil and (type(v) == "table" or type(v) == "function") then
        out[v] = { expr = expr, module = m }
        if type(v) == "table" and depth < 3 then
          local keys, values = {}, {}
          for k, x in lib.next, v do
            if W.isName(k) and (type(x) == "table" or type(x) == "function") then keys[#keys + 1], values[k] = k, x end
          end
          sort(keys)
          for _, k in ipairs(keys) do queue[#queue + 1] = { values[k], expr .. "." .. k, depth + 1 } end
        end
      end
    end
  end
  return out
end

--- A writer of one file: the locals it defines (`lines`), the names it has used, what it could not write, and
--- the modules it names with `require` (`requires`).
function W.new(globals, library)
  return setmetatable({ lines = {}, taken = {}, named = {}, cells = {}, pending = {}, problems = {},
    library = library or libraryNames(globals), visiting = {}, extra = {}, modules = moduleValues(),
    copyable = {}, requires = {} }, Writer)
end

--- `require("name")` (or a field of it) for a value of a required module that cannot be copied whole (a class
--- whose table holds itself, a table with a metatable): the written test loads the module as the scenario did, so
--- it fails for the same reason. A module copied without a problem is copied, so the file stands on its own.
function Writer:required(v)
  local found = self.modules[v]
  if not found then return nil end
  local m = found.module
  if self.copyable[m] == nil then
    local scratch = W.new(nil, self.library)
    scratch.modules = {}
    scratch:value(m.value, W.isName(m.name) and m.name or "module")
    self.copyable[m] = #scratch.problems == 0
  end
  if self.copyable[m] then return nil end
  if not self.requires[m.name] then
    self.requires[m.name] = true
    self.requires[#self.requires + 1] = m.name
  end
  return found.expr
end

function Writer:fresh(wanted)
  local base = W.isName(wanted) and wanted or "value"
  local name, n = base, 1
  while self.taken[name] do n = n + 1; name = base .. "_" .. n end
  self.taken[name] = true
  return name
end

function Writer:problem(text)
  for _, p in ipairs(self.problems) do if p == text then return end end
  self.problems[#self.problems + 1] = text
end

--- An expression that makes `v` again, defining what it needs first; nil (and a problem noted) when it cannot be.
function Writer:value(v, what)
  local t = type(v)
  if t == "nil" or t == "boolean" then return tostring(v) end
  if t == "number" then return W.number(v) end
  if t == "string" then return W.quote(v) end
  if self.extra[v] then return self.extra[v] end
  if self.named[v] then return self.named[v] end
  if self.library[v] then return self.library[v] end
  local required = self:required(v)
  if required then return required end
  if t == "function" then return self:func(v, W.isName(what) and what or "callback") end
  if t == "table" then return self:table(v, what) end
  local made = t == "userdata" and X.expression(v)
  if made then return made end
  self:problem((what or "a value") .. " is a " .. t .. ", which cannot be written out")
  return "nil"
end

function Writer:table(v, what)
  if self.visiting[v] then
    self:problem((what or "a table") .. " holds itself, which cannot be written out")
    return "nil"
  end
  if getmetatable(v) ~= nil then
    -- What a metatable adds (its length, its fields, its methods) is code of its own: not read, not guessed.
    self:problem((what or "a table") .. " has a metatable, so it is not written out")
    return "nil"
  end
  self.visiting[v] = true
  local n, keys, parts = #v, {}, {}
  for k in pairs(v) do
    if not (mtype(k) == "integer" and k >= 1 and k <= n) then keys[#keys + 1] = k end
  end
  sort(keys, function(a, b)
    if type(a) ~= type(b) then return type(a) < type(b) end
    if type(a) == "number" or type(a) == "string" then return a < b end
    return tostring(a) < tostring(b)
  end)
  for i = 1, n do parts[#parts + 1] = self:value(v[i], what) end
  for _, k in ipairs(keys) do
    local key
    if W.isName(k) then
      key = k
    elseif type(k) == "string" or type(k) == "number" or type(k) == "boolean" then
      key = "[" .. self:value(k) .. "]"
    else
      self:problem((what or "a table") .. " has a key that is a " .. type(k) .. ", which is not written out")
    end
    if key then parts[#parts + 1] = key .. " = " .. self:value(v[k], W.isName(k) and k or what) end
  end
  self.visiting[v] = nil
  return #parts == 0 and "{}" or ("{ " .. concat(parts, ", ") .. " }")
end

local function indented(text, by)
  return (text:gsub("\n", "\n" .. by))
end

--- Defines `fn` as a local of the file (its upvalues first, each variable once, each function with its own) and
--- gives its name; a function whose exact text cannot be had is a problem, said in the file.
function Writer:func(fn, wanted)
  if self.named[fn] then
    if self.pending[fn] then self.pending[fn].forward = true end
    return self.named[fn]
  end
  local required = self:required(fn)
  if required then return required end
  local text, ups = X.source(fn)
  if not text then
    self:problem((wanted or "a function") .. " is not written out: " .. tostring(ups))
    return "(nil)"
  end
  local name = self:fresh(wanted or "f")
  self.named[fn] = name
  local entry = { at = #self.lines + 1 }
  self.pending[fn] = entry
  local aliases = {}
  for _, u in ipairs(ups) do
    local cell = self.cells[u.id] or self.extra[u.value]
    if not cell then
      if type(u.value) == "function" and not self.library[u.value] then
        cell = self:func(u.value, u.name)
      else
        local expr = self:value(u.value, u.name)
        cell = self:fresh(u.name)
        self.lines[#self.lines + 1] = "local " .. cell .. " = " .. expr
      end
      self.cells[u.id] = cell
    end
    if cell ~= u.name then aliases[#aliases + 1] = { u.name, cell } end
  end
  self.pending[fn] = nil
  if entry.forward then insert(self.lines, entry.at, "local " .. name) end
  if #aliases == 0 then
    self.lines[#self.lines + 1] = (entry.forward and "" or "local ") .. name .. " = " .. text
  else
    -- Two functions with a local of the same name each see their own: the name is bound to its variable here.
    if not entry.forward then self.lines[#self.lines + 1] = "local " .. name end
    local left, right = {}, {}
    for i, a in ipairs(aliases) do left[i], right[i] = a[1], a[2] end
    self.lines[#self.lines + 1] = "do"
    self.lines[#self.lines + 1] = "  local " .. concat(left, ", ") .. " = " .. concat(right, ", ")
    self.lines[#self.lines + 1] = "  " .. name .. " = " .. indented(text, "  ")
    self.lines[#self.lines + 1] = "end"
  end
  return name
end

-- Tracing, for the minimal scenario: the run's stage and pieces seen through proxies that write down every method
-- called on them, with its arguments, as the lines of a test.
local Trace = {}
Trace.__index = Trace

--- A trace whose values are written by `writer` (a proxy by its name).
function W.newTrace(writer)
  return setmetatable({ lines = {}, made = 0, depth = 0, real = {}, proxy = {}, writer = writer }, Trace)
end

function Trace:args(args)
  local parts = {}
  for i = 1, args.n do parts[i] = self.writer:value(args[i], "an argument") end
  return concat(parts, ", ")
end

--- `v` with every proxy in it (at any depth of its tables) replaced by the real value; a table that held one is
--- copied, any other passed as it is.
function Trace:unwrapped(v, seen)
  if self.real[v] then return self.real[v] end
  if type(v) ~= "table" then return v end
  seen = seen or {}
  if seen[v] then return seen[v] end
  seen[v] = v
  local copy, changed = {}, false
  for k, x in pairs(v) do
    local u = self:unwrapped(x, seen)
    copy[k] = u
    if u ~= x then changed = true end
  end
  if not changed then return v end
  seen[v] = copy
  return setmetatable(copy, getmetatable(v))
end

--- A proxy of `real` named `name`: its methods are written down when called; everything else passes through.
function Trace:wrap(real, name)
  if self.proxy[real] then return self.proxy[real] end
  local proxy = {}
  self.writer.extra[real], self.writer.extra[proxy] = name, name
  self.real[proxy] = real
  self.proxy[real] = proxy
  local trace = self
  return setmetatable(proxy, {
    __index = function(_, key)
      local v = real[key]
      if type(v) ~= "function" then return v end
      return function(me, ...)
        local args = lib.pack(...)
        for i = 1, args.n do args[i] = trace:unwrapped(args[i]) end
        local method = lib.rawequal(me, proxy)
        local target = method and real or trace:unwrapped(me)
        -- A call made while another runs (a callback the stage runs in s:advance) is that call's doing: the
        -- written line of the outer call makes it again.
        if trace.depth > 0 then return v(target, lib.unpack(args, 1, args.n)) end
        local head
        -- A function among the arguments is defined in the test just before its call, where s and w are.
        local top = trace.writer.lines
        trace.writer.lines = trace.lines
        if method and W.isName(key) then
          head = name .. ":" .. key .. "(" .. trace:args(args)
        else
          -- A call with a dot (or a method whose name is no Lua name) writes its first argument too.
          local first = method and name or trace.writer:value(target, "an argument")
          head = (W.index(name, key) or (name .. "[?]")) .. "(" .. first .. (args.n > 0 and ", " .. trace:args(args) or "")
        end
        trace.writer.lines = top
        local line = #trace.lines + 1
        trace.lines[line] = head .. ")"
        trace.depth = trace.depth + 1
        local results = lib.pack(lib.pcall(v, target, lib.unpack(args, 1, args.n)))
        trace.depth = trace.depth - 1
        -- The call itself raised: the written line raises it again.
        if not results[1] then trace.raised = true; lib.error(results[2], 0) end
        -- Whatever a call makes (a finger, a player) is named, so later calls on it can be written too.
        for i = 2, results.n do
          local r = results[i]
          if type(r) == "userdata" and not trace.writer.extra[r] then
            trace.made = trace.made + 1
            local made = "v" .. trace.made
            trace.lines[line] = "local " .. made .. " = " .. trace.lines[line]
            results[i] = trace:wrap(r, made)
          end
        end
        return lib.unpack(results, 2, results.n)
      end
    end,
    __newindex = function(_, key, value) real[key] = value end,
  })
end

return W
