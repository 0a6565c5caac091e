// Verifier diagnostics of the xevm dialect (mlir-opt's wording).
// RUN: lamina-opt --verify-diagnostics --split-input-file %s

llvm.func @blockload(%ptr : !llvm.ptr<1>) -> vector<3xi16> {
  // expected-error@+1 {{'xevm.blockload' op vector size must be 2, 4 or 8 for element type > 8 bits}}
  %loaded = xevm.blockload %ptr : (!llvm.ptr<1>) -> vector<3xi16>
  llvm.return %loaded : vector<3xi16>
}

// -----

llvm.func @blockload(%ptr : !llvm.ptr<1>) -> vector<1xi8> {
  // expected-error@+1 {{'xevm.blockload' op vector size must be 2, 4, 8 or 16 for 8-bit element type}}
  %loaded = xevm.blockload %ptr : (!llvm.ptr<1>) -> vector<1xi8>
  llvm.return %loaded : vector<1xi8>
}

// -----

func.func @mma(%a: vector<8xi16>, %b: vector<8xi32>, %c: vector<8xf16>) -> vector<8xf32> {
  // expected-error@+1 {{'xevm.mma' op type of C operand must match result type}}
  %d = xevm.mma %a, %b, %c {shape=<m=8, n=16, k=16>, types=<d=f32, a=f16, b=f16, c=f16>} : (vector<8xi16>, vector<8xi32>, vector<8xf16>) -> vector<8xf32>
  return %d : vector<8xf32>
}
