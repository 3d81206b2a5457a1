export type ConnectivityEvent = { type: 'network.lost' } | { type: 'network.restored' };
