-- piecebox:frames: the frame views' machinery, so a read already built never leaves Lua (FrameTables.swift loads it).
local build, keys, miss, keep, own = ...
if type(miss) ~= "function" then miss = function() return nil end end; own = own or _G
local rawget, rawset, setmetatable, ipairs, next = own.rawget, own.rawset, own.setmetatable, ipairs, next
-- A view keeps its frame's userdata under this unnameable key, not in a side table, so every run allocates the same.
local BOX = {}
local pieceMetas = {}
local pieceMeta
-- An element's table is plain but for a metatable that notes a property it does not hold (f.card.title.wdth), so a
-- matcher given that nil can say what the element holds. One metatable per piece and element, made once.
local elementMetas = {}
local function elementMeta(piece, element)
  local metas = elementMetas[piece]
  if metas == nil then metas = {}; elementMetas[piece] = metas end
  local m = metas[element]
  if m == nil then
    m = { __element = piece .. "." .. element, __index = miss }
    metas[element] = m
  end
  return m
end
local function resolve(v, piece, k)
  local box = rawget(v, BOX)
  if box == nil then return nil end
  local value = build(box, piece, k)
  if value == true then
    value = setmetatable({ [BOX] = box }, pieceMeta(k))
  elseif piece ~= nil and value ~= nil then
    setmetatable(value, elementMeta(piece, k))
  end
  if value ~= nil then rawset(v, k, value) end
  return value
end
local function filler(piece)
  return function(v)
    local box = rawget(v, BOX)
    if box == nil then return end
    for _, k in ipairs(keys(box, piece)) do
      if rawget(v, k) == nil then resolve(v, piece, k) end
    end
  end
end
-- pairs over a view (filled first by the sandbox's pairs) shows what the frame holds, never the hidden key.
local function visible(t, k)
  local key, value = next(t, k)
  if key == BOX then key, value = next(t, key) end
  return key, value
end
local function viewPairs(v) return visible, v, nil end
pieceMeta = function(name)
  local m = pieceMetas[name]
  if m == nil then
    m = { __piece = name, __fill = filler(name), __pairs = viewPairs }
    m.__index = function(v, k)
      local value = resolve(v, name, k)
      if value == nil then return miss(v, k) end
      return value
    end
    pieceMetas[name] = m
  end
  return m
end
local frameMeta = { __piece = false, __fill = filler(nil), __pairs = viewPairs }
frameMeta.__index = function(v, k)
  local value = resolve(v, nil, k)
  if value == nil then return miss(v, k) end
  return value
end
keep(frameMeta, BOX)
