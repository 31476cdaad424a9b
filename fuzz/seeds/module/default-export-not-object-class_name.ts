class Lookup {}
export default Lookup
