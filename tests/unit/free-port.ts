// The tests' free loopback port: one copy, in scripts/, which the benchmarks use too.
export { freePort } from '../../scripts/free-port'
