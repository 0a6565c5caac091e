// Writing to a device (not a regular file) must write in place, never
// replace the device with a regular file.
// RUN: lamina-opt --allow-unregistered-dialect %s -o /dev/null
// RUN: test -c /dev/null

"t.op"() : () -> ()
