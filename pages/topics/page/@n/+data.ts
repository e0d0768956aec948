export { data } from '../../index/+data'
