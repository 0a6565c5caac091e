#pragma once
#include "lamina/IR/Operation.h"
