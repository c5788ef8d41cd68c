-- gamefmt's sample lever: the material its model names, and the object that draws the model and plays its
-- animation. The game loads the .model and .animation files of the .fbx names below, and the .dds beside
-- each .tga a material names.
defineMaterial{
  name = "sample_lever",
  diffuseMap = "mod_assets/textures/sample_lever_dif.tga",
  doubleSided = false,
  lighting = true,
  alphaTest = false,
  blendMode = "Opaque",
  textureAddressMode = "Wrap",
  glossiness = 20,
  depthBias = 0,
}

defineObject{
  name = "sample_lever",
  class = "Decoration",
  model = "mod_assets/models/sample_lever.fbx",
  -- The table monsters name their animations in; gamefmt reads it for any object.
  animations = {
    pull = "mod_assets/animations/sample_lever_pull.fbx",
  },
}
