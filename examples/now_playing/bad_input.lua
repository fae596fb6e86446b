-- Every mistake in a player or piece option is a clear error naming the function and the option.
local P = require("_player")

test("player options", function()
  local s = P.stage()
  expect(function() s:player{} end).toThrow("stage:player: option 'tracks' is required")
  expect(function() s:player{ tracks = { { title = 3 } } } end).toThrow("track 1: 'title' must be a string")
  expect(function() s:player{ tracks = { { title = "A" } } } end).toThrow("track 1: 'duration' must be a number")
  expect(function() s:player{ tracks = P.tracks, updateInterval = 0 } end)
    .toThrow("option 'updateInterval' must be a number of seconds above 0 or \"frame\", got 0")
  expect(function() s:player{ tracks = P.tracks, seekConfirmation = "later" } end)
    .toThrow("option 'seekConfirmation' must be a delay in seconds")
  expect(function() s:player{ tracks = P.tracks, trackEnd = "loop" } end)
    .toThrow("option 'trackEnd' must be one of \"stop\", \"advance\"")
  expect(function() s:player{ tracks = P.tracks, volume = 1 } end).toThrow("volume")
  local player = s:player{ tracks = P.tracks }
  expect(function() player:skip("sideways") end).toThrow("must be \"next\" or \"previous\"")
end)

test("piece options", function()
  local s = P.stage()
  local player = s:player{ tracks = P.tracks }
  expect(function() s:nowPlaying{} end).toThrow("stage:nowPlaying: option 'player' is required (a player made with s:player")
  expect(function() s:nowPlaying{ player = player, skipping = "seconds" } end)
    .toThrow("option 'skipping' must be \"tracks\", \"podcast\" or { back = 15, forward = 30 }")
  expect(function() s:nowPlaying{ player = player, skipping = { back = 0, forward = 30 } } end)
    .toThrow("skipping.back must be whole seconds from 1 to 86400, got 0")
  expect(function() s:nowPlaying{ player = player, messages = { untitled = 1 } } end)
    .toThrow("messages.untitled must be a string")
  expect(function() s:nowPlaying{ player = player, messages = { title = "x" } } end)
    .toThrow("option 'messages' has an unknown key 'title'")
  local other = P.stage()
  expect(function() other:nowPlaying{ player = player } end).toThrow("is on another stage")
  local np = s:nowPlaying{ player = player }
  expect(function() s:nowPlaying{ player = player } end).toThrow("nowPlaying")
  expect(function() np:tap("handle") end).toThrow("has no part named \"handle\"")
  expect(function() np:perform("activate", "grabber") end).toThrow("no accessibility element \"grabber\"")
  expect(function() np:key("f5") end).toThrow("unknown key")
end)

test("messages replace the copy", function()
  local s = P.stage()
  local player = s:player{ tracks = { { title = "", artist = "", duration = 60 } } }
  local np = s:nowPlaying{ player = player, messages = { untitled = "Nothing queued", nowPlaying = "Playing now" } }
  s:frames(1)
  expect(s:frame().nowPlaying.title.text).toBe("Nothing queued")
  expect(np:accessibility()[1].label).toBe("Playing now, Nothing queued, ")
end)
