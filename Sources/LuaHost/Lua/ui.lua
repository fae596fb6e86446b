-- piecebox:ui: ui.ForEach and the layout function a piece's body is called through (UIBinding.swift loads it).
local ui, elementsOf, slot, group = ...
local type, ipairs, error = type, ipairs, error

-- ForEach(list, fn): fn(item, index) for each item, the views joined in a Group. Written in Lua: it calls the
-- script's function, and no Swift frame may sit between two Lua calls. `group` is ui.Group named ui.ForEach.
ui.ForEach = function(list, fn)
  if type(list) ~= "table" then error("ui.ForEach: argument 1 must be a list, got " .. type(list), 2) end
  if type(fn) ~= "function" then error("ui.ForEach: argument 2 must be a function(item, index) that returns a view, got " .. type(fn), 2) end
  local views = {}
  for i, item in ipairs(list) do views[i] = fn(item, i) end
  return group(views)
end

-- The layout of a piece written with `body`: its view tree laid out on the screen, one element per id.
slot.wrap = function(body)
  return function(state, env)
    return elementsOf(body(state, env), env)
  end
end
