-- Every mistake in the piece's options is a clear error naming the function and the option.
local P = require("_player")

test("piece options", function()
  local s = P.stage()
  local player = s:player{ tracks = P.tracks }
  expect(function() s:miniPlayer{} end).toThrow("stage:miniPlayer: option 'player' must be a player made with s:player")
  expect(function() s:miniPlayer{ player = player, messages = { open = "x" } } end)
    .toThrow("option 'messages' has an unknown key 'open'")
  expect(function() s:miniPlayer{ player = player, messages = { play = 1 } } end).toThrow("messages.play must be a string")
  expect(function() s:miniPlayer{ player = player, isExpanded = true } end)
    .toThrow("unknown option 'isExpanded' (known: player, name, messages, dragSpace, dragGeometry)")   -- its own
  expect(function() s:miniPlayer{ player = player, dragSpace = "world" } end)
    .toThrow([[stage:miniPlayer: option 'dragSpace' must be one of "view", "screen", got "world"]])
  expect(function() s:miniPlayer{ player = player, dragSpace = 1 } end)
    .toThrow([[option 'dragSpace' must be "view" or "screen"]])
  expect(function() s:miniPlayer{ player = player, dragGeometry = "animated" } end)
    .toThrow([[option 'dragGeometry' must be one of "drawn", "target", got "animated"]])
  local mp = s:miniPlayer{ player = player }
  expect(function() s:miniPlayer{ player = player } end).toThrow('a piece named "miniPlayer" is already on the stage')
  expect(function() mp:tap("chevron") end).toThrow("the player is closed (open it first, e.g. tap the bar)")
  expect(function() mp:tap("lid") end).toThrow("has no part named \"lid\"")
end)
