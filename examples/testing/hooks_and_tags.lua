-- Hooks and tags: a fresh stage for every test from beforeEach, and tags to pick tests from the command line
-- (`piecebox run examples --tag frames` runs only the tests tagged frames).

local log = {}

beforeAll(function() log[#log + 1] = "file" end)

describe("a stage at 60 fps", { tags = { "frames" } }, function()
  local s
  beforeEach(function() s = Stage{ fps = 60 } end)
  afterEach(function() s = nil end)

  test("half a second is 30 frames", function()
    -- 0.5 s × 60 frames per second = 30 frames.
    expect(s:advance(0.5)).toBe(30)
  end)

  test("each test gets its own stage, starting at frame 0", function()
    -- The stage above advanced; this one is new, so its clock reads 0 s until it advances.
    expect(s:now()).toBe(0)
    -- 0.1 s × 60 = 6 frames.
    expect(s:advance(0.1)).toBe(6)
  end)
end)

test("the file's beforeAll ran once, before the first test", { tags = { "hooks" } }, function()
  expect(log).toEqual({ "file" })
end)
