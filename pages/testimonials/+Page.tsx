// https://vike.dev/Page
export { ProsePage as default } from '../../components/ProsePage'
