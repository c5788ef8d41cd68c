#include "xray_motion_bytes.hpp"

#include "gamefmt/core/byte_writer.hpp"

namespace gamefmt::test {

std::vector<std::byte> motion_bytes(const xray::MotionKeys& motion) {
  ByteWriter out(ByteOrder::little);
  xray::write_motion(out, motion);
  return out.take();
}

std::vector<std::byte> params_bytes(const xray::MotionParamsChunk& params) {
  ByteWriter out(ByteOrder::little);
  xray::write_motion_params(out, params);
  return out.take();
}

}  // namespace gamefmt::test
