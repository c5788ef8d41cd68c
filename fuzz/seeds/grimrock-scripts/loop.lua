defineMaterial{ name = "before" }
while true do pcall(function() local x = {} for i = 1, 100 do x[i] = i end end) end
