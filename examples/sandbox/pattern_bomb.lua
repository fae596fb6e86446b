--! expect-error: time limit of 0.5 s exceeded in test "backtracks for minutes", inside a library call no hook reaches
--! max-seconds: 0.5
-- A pathological pattern runs inside one C call where no hook fires; the runner stops the worker. The limit is a
-- fraction of a second so the suite does not wait on it (the worker is killed 1 s after it starts), yet leaves a
-- slow machine room to reach the test. The expected text is the runner's (the worker killed inside the test's
-- call), not the hook's, so a refusal for any other reason fails this file.
test("backtracks for minutes", function()
  string.find(("a"):rep(800), ".-.-.-b")
end)
