export { default } from '../../index/+Page'
