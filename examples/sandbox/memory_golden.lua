--! expect-error: memory_golden.lua:13: memory limit of 16 MiB exceeded
--! max-memory: 16
-- A golden of a long stage: the frames kept share one element's long name (about 0.3 MB of them), but every line
-- of the golden's log repeats it: 3,200 lines of some 3,100 bytes, 9.9 MB of text, and as much again cut into
-- parts. The host counts the log and its copies against the cap before it makes them, so the golden is refused
-- at its line, never written (with --log the run's own log of 9.9 MB fits beside the frames; its copies do not).
test("a golden larger than the cap", function()
  local s = Stage{}
  local long = string.rep("n", 3000)
  s:piece{ name = "card", layout = function() return { [long] = { x = 0, y = 0, w = 1, h = 1 } } end }
  s:frames(3200)
  -- the golden's text and its parts need twice the log
  expect(s).toMatchGolden("long")
end)
