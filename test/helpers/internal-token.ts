/** The internal token test processes present to each other's gRPC ports (32+ characters, as the services require). */
export const TEST_INTERNAL_TOKEN = 'internal-token-for-tests-0123456789'
