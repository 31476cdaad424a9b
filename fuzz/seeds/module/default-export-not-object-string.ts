export default 'lookup_order'
