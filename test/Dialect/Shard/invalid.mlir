// Verifier diagnostics of the shard dialect (mlir-opt's wording).
// RUN: lamina-opt --verify-diagnostics --split-input-file %s

// expected-error@+1 {{rank of grid is expected to be a positive integer}}
shard.grid @grid0(shape = [])

// -----

// expected-error@+1 {{custom op 'shard.grid' Failed parsing dimension list. Did you mean an empty list? It must be denoted by "[]".}}
shard.grid @grid0(shape = -1)

// -----

shard.grid @grid0(shape = 2x4)
func.func @duplicated(%arg0 : tensor<4x8xf32>) {
  // expected-error@+1 {{grid axis duplicated}}
  %s = shard.sharding @grid0 split_axes = [[0], [0]] : !shard.sharding
  return
}

// -----

shard.grid @grid0(shape = 2x4)
func.func @negative(%arg0 : tensor<4x8xf32>) {
  // expected-error@+1 {{grid axis is expected to be non-negative}}
  %s = shard.sharding @grid0 split_axes = [[-1]] : !shard.sharding
  return
}

// -----

func.func @halo() {
  // expected-error@+1 {{halo sizes must be specified for all split axes}}
  %s = shard.sharding @grid0 split_axes = [[0], [1]] halo_sizes = [1, 2] : !shard.sharding
  return
}

// -----

func.func @exclusive() {
  // expected-error@+1 {{halo sizes and shard offsets are mutually exclusive}}
  %s = shard.sharding @grid0 split_axes = [[0]] halo_sizes = [1, 2] sharded_dims_offsets = [0, 2, 2] : !shard.sharding
  return
}

// -----

shard.grid @grid_dyn(shape = ?x?)
func.func @dynamic_grid() {
  // expected-error@+1 {{sharded dims offsets are not allowed for device grids with dynamic shape}}
  %s = shard.sharding @grid_dyn split_axes = [[0]] sharded_dims_offsets = [0, 2, 2] : !shard.sharding
  return
}

// -----

shard.grid @grid0(shape = 4)
func.func @decreasing() {
  // expected-error@+1 {{sharded dims offsets must be non-decreasing}}
  %s = shard.sharding @grid0 split_axes = [[0]] sharded_dims_offsets = [0, 2, 3, 2] : !shard.sharding
  return
}

// -----

shard.grid @grid0(shape = 2x4)
func.func @out_of_bounds() -> (index, index) {
  // expected-error@+1 {{0-based grid axis index 2 is out of bounds. The referenced grid "grid0" is of rank 2.}}
  %0:2 = shard.grid_shape @grid0 axes = [0, 2] : index, index
  return %0#0, %0#1 : index, index
}

// -----

shard.grid @grid0(shape = 1x2x3)
func.func @results() -> (index, index) {
  // expected-error@+1 {{Unexpected number of results 2. Expected 3.}}
  %0:2 = shard.process_multi_index on @grid0 : index, index
  return %0#0, %0#1 : index, index
}

// -----

func.func @undefined() -> index {
  // expected-error@+1 {{Undefined required grid symbol "nowhere".}}
  %0 = shard.process_linear_index on @nowhere : index
  return %0 : index
}

// -----

shard.grid @grid0(shape = 2x4)
func.func @duplicate_axes(%arg0 : tensor<4xf32>) -> tensor<4xf64> {
  // expected-error@+1 {{Grid axes contains duplicate elements.}}
  %0 = shard.all_reduce %arg0 on @grid0 grid_axes = [0, 1, 0] reduction = sum : tensor<4xf32> -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

shard.grid @grid0(shape = 1x2)
func.func @gather_size(%arg0 : tensor<3x4xf32>) -> tensor<3x5xf32> {
  // expected-error@+1 {{Dimension size mismatch for result axis 1. Expected 8, but got 5.}}
  %0 = shard.all_gather %arg0 on @grid0 grid_axes = [1] gather_axis = 1 : tensor<3x4xf32> -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

shard.grid @grid0(shape = 1)
func.func @gather_axis(%arg0 : tensor<3xf32>) -> tensor<3xf32> {
  // expected-error@+1 {{Gather axis -1 is out of bounds [0, 1).}}
  %0 = shard.all_gather %arg0 on @grid0 grid_axes = [0] gather_axis = -1 : tensor<3xf32> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

shard.grid @grid0(shape = 3)
func.func @slice_divisible(%arg0 : tensor<4xf32>) -> tensor<?xf32> {
  // expected-error@+1 {{Operand dimension size 4 is not divisible by collective device group size 3 for tensor axis 0.}}
  %0 = shard.all_slice %arg0 on @grid0 grid_axes = [0] slice_axis = 0 : tensor<4xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

shard.grid @grid0(shape = ?x1)
func.func @all_to_all_dynamic(%arg0 : tensor<3x6xi8>) -> tensor<3x6xi8> {
  // expected-error@+1 {{Dimension size mismatch for result axis 1. Expected dynamic, but got 6.}}
  %0 = shard.all_to_all %arg0 on @grid0 grid_axes = [0] split_axis = 0 concat_axis = 1 : tensor<3x6xi8> -> tensor<3x6xi8>
  return %0 : tensor<3x6xi8>
}

// -----

shard.grid @grid0(shape = 3x?)
func.func @root_bounds(%arg0 : tensor<2xi8>) -> tensor<2xi8> {
  // expected-error@+1 {{Out of bounds coordinate 0 for in-group device "root". Got 3, but expected value in the range [0, 2].}}
  %0 = shard.broadcast %arg0 on @grid0 grid_axes = [0] root = [3] : (tensor<2xi8>) -> tensor<2xi8>
  return %0 : tensor<2xi8>
}

// -----

shard.grid @grid0(shape = 3x?)
func.func @destination_size(%arg0 : tensor<2xi8>) -> tensor<2xi8> {
  // expected-error@+1 {{In-group device "destination" has unexpected multi-index size 2. Expected 1.}}
  %0 = shard.send %arg0 on @grid0 grid_axes = [0] destination = [2, 2] : (tensor<2xi8>) -> tensor<2xi8>
  return %0 : tensor<2xi8>
}

// -----

shard.grid @grid0(shape = 3x?)
func.func @element_type(%arg0 : tensor<2xi8>) -> tensor<2xi16> {
  // expected-error@+1 {{'shard.recv' op failed to verify that all of {input, result} have same element type}}
  %0 = shard.recv %arg0 on @grid0 grid_axes = [0] source = [2] : (tensor<2xi8>) -> tensor<2xi16>
  return %0 : tensor<2xi16>
}

// -----

shard.grid @grid0(shape = 3)
func.func @scatter_size(%arg0 : tensor<3xf32>) -> tensor<2xf32> {
  // expected-error@+1 {{Dimension size mismatch for result axis 0. Expected 1, but got 2.}}
  %0 = shard.scatter %arg0 on @grid0 grid_axes = [0] scatter_axis = 0 root = [1] : (tensor<3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

shard.grid @grid0(shape = 2x4)
func.func @shift_axis(%arg0 : tensor<4xi8>) -> tensor<4xi8> {
  // expected-error@+1 {{Invalid shift axis 1. It must be one of the grouping grid axes.}}
  %0 = shard.shift %arg0 on @grid0 grid_axes = [0] shift_axis = 1 offset = 2 : tensor<4xi8> -> tensor<4xi8>
  return %0 : tensor<4xi8>
}

// -----

shard.grid @grid0(shape = 2x4)
func.func @rank(%arg0 : tensor<4xf32>) -> tensor<4x1xf32> {
  // expected-error@+1 {{'shard.all_gather' op result type has different rank than operands}}
  %0 = shard.all_gather %arg0 on @grid0 gather_axis = 0 : tensor<4xf32> -> tensor<4x1xf32>
  return %0 : tensor<4x1xf32>
}
