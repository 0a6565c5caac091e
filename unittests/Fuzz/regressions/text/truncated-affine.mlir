affine.for %i = 0 to 10 {
 affine.for %j = max #map