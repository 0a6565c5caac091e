//===- ShardBaseClasses.h - What the shard dialect's classes build on -----===//
#pragma once

#include "lamina/ODS/OpDef.h"

#include <initializer_list>
#include <string_view>

namespace lamina {
namespace shard {
/// MLIR's OpTrait::SameOperandsAndResultRank: the ranked operands and
/// results have one rank.
ods::Trait SameOperandsAndResultRankTrait(std::initializer_list<std::string_view>);
} // namespace shard
} // namespace lamina
