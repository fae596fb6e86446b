-- Every mistake in the refresher's options is a clear error naming the function and the option.

test("options", function()
  local s = Stage{}
  expect(function() s:refresher{ treshold = 80 } end).toThrow("stage:refresher: unknown option 'treshold'")
  expect(function() s:refresher{ threshold = 0 } end).toThrow("option 'threshold' must be more than 0, got 0")
  expect(function() s:refresher{ top = "high" } end).toThrow("option 'top' must be a finite number of points, got string")
  expect(function() s:refresher{ w = -1 } end).toThrow("option 'w' must be at least 0, got -1")
  local r = s:refresher{}
  expect(function() s:refresher{} end).toThrow('stage:refresher: a piece named "refresher" is already on the stage')
  expect(function() r.pull = 3 end).toThrow("refresher.pull is read-only")
end)
