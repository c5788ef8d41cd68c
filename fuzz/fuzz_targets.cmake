# Format ids (see `gamefmt formats`) that get a fuzz target. Seeds for each live in fuzz/seeds/<id>/ or are
# listed in scripts/fuzz.sh.
set(GAMEFMT_FUZZ_FORMATS
  lugaru-solid
  westwood-vxl
  westwood-hva
  magicavoxel-vox
  phoenix-phxbn
  phoenix-anm
  phoenix-fzx
  phoenix-sav
  shinobi-model
  shinobi-animation
  asobo-bigfile
  asobo-bigfile-be
  xray-ogf
  xray-omf
  xray-cform
  xray-hom
  xray-som
  xray-err
  xray-dm
  xray-details
  gltf
)
