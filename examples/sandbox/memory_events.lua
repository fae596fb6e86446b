--! expect-error: memory limit of 16 MiB exceeded
--! max-memory: 16
-- What a script makes the host hold counts against the cap before it is copied: events waiting for their frame and
-- labels of waiting work. 200 events of 1 MiB would hold 200 MiB until the next frame; 16 MiB holds a dozen.
test("events and labels wait inside the cap", function()
  local s = Stage{}
  local detail = string.rep("x", 1 << 20)
  for _ = 1, 200 do
    s:emit{ kind = "log", text = detail }
    s:after(1, function() end, { label = detail })
  end
end)
