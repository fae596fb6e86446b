-- Every mistake in the disc's options is a clear error naming the function and the option.

test("options", function()
  local s = Stage{}
  expect(function() s:vinyl{ rpn = 33 } end).toThrow("stage:vinyl: unknown option 'rpn'")
  expect(function() s:vinyl{ rpm = "fast" } end).toThrow("option 'rpm' must be a number of revolutions per minute, got string")
  expect(function() s:vinyl{ x = 0, y = 0, w = 100 } end).toThrow("a frame needs all of x, y, w and h; 'h' missing")
  expect(function() s:vinyl{ x = 0, y = 0, w = -1, h = 10 } end).toThrow("option 'w' must be a width in points of at least 0")
  expect(function() s:vinyl{ player = 3 } end).toThrow("option 'player' must be a player made with s:player")
  expect(function() s:vinyl{ ramp = 1 / 0 } end).toThrow("option 'ramp' must be a number of seconds")
  expect(function() s:vinyl{ name = "my disc" } end).toThrow("option 'name' must be letters, digits or _")
  local player = s:player{ tracks = { { title = "A", duration = 100 } } }
  expect(function() s:vinyl{ player = player, isPlaying = true } end).toThrow("give 'player' or 'isPlaying', not both")
  local v = s:vinyl{ player = player }
  expect(function() v:set{ isPlaying = true } end).toThrow("this disc follows its player")
  expect(function() v:set{ speed = 3 } end).toThrow("vinyl:set: unknown option 'speed'")
  expect(function() v:perform("activate") end).toThrow("has no accessibility action \"activate\"")
  expect(function() v.angle = 3 end).toThrow("vinyl.angle is read-only")
end)
