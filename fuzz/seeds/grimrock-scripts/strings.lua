local t = {}
for w in ("a bb ccc"):gmatch("%a+") do t[#t + 1] = w:rep(2):upper() end
local s = table.concat(t, ","):gsub("(%w+)", "<%1>")
local ok, err = pcall(error, { code = 1 })
defineMaterial{ name = s, depthBias = #t, ok = ok, f = loadstring("return 1")(), deep = { { { {} } } } }
