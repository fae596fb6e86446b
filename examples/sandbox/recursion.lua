--! expect-error: stack overflow
-- Unbounded recursion ends with Lua's own stack overflow error, not a crash (each call carries 200 values).
local function down(n, ...) return 1 + down(n + 1, ...) end
test("recurses without end", function() down(1, string.byte(string.rep("x", 200), 1, -1)) end)
