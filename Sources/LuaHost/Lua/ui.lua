-- piecebox:ui: ui.ForEach and the layout function a piece's body is called through (UIBinding.swift loads it).
local ui, elementsOf, slot, group = ...
local ipairs = ipairs

-- ForEach(list, fn): fn(item, index) for each item, the views joined in a Group. Written in Lua: it calls the
-- script's function, and no Swift frame may sit between two Lua calls. The library's own ForEach (UIBinding.swift)
-- checks the arguments as declared; `group` is ui.Group named ui.ForEach.
local checkForEach = ui.ForEach
ui.ForEach = function(list, fn, ...)
  checkForEach(list, fn, ...)
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
