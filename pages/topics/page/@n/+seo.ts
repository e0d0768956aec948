export { default } from '../../index/+seo'
