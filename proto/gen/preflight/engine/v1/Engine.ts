// Original file: engine.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { ApprovalsResponse as _preflight_engine_v1_ApprovalsResponse, ApprovalsResponse__Output as _preflight_engine_v1_ApprovalsResponse__Output } from '../../../preflight/engine/v1/ApprovalsResponse';
import type { HealthRequest as _preflight_engine_v1_HealthRequest, HealthRequest__Output as _preflight_engine_v1_HealthRequest__Output } from '../../../preflight/engine/v1/HealthRequest';
import type { HealthResponse as _preflight_engine_v1_HealthResponse, HealthResponse__Output as _preflight_engine_v1_HealthResponse__Output } from '../../../preflight/engine/v1/HealthResponse';
import type { ScanApprovalsRequest as _preflight_engine_v1_ScanApprovalsRequest, ScanApprovalsRequest__Output as _preflight_engine_v1_ScanApprovalsRequest__Output } from '../../../preflight/engine/v1/ScanApprovalsRequest';
import type { SimulateRequest as _preflight_engine_v1_SimulateRequest, SimulateRequest__Output as _preflight_engine_v1_SimulateRequest__Output } from '../../../preflight/engine/v1/SimulateRequest';
import type { SimulateResponse as _preflight_engine_v1_SimulateResponse, SimulateResponse__Output as _preflight_engine_v1_SimulateResponse__Output } from '../../../preflight/engine/v1/SimulateResponse';

export interface EngineClient extends grpc.Client {
  Health(argument: _preflight_engine_v1_HealthRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_engine_v1_HealthResponse__Output>): grpc.ClientUnaryCall;
  Health(argument: _preflight_engine_v1_HealthRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_engine_v1_HealthResponse__Output>): grpc.ClientUnaryCall;
  Health(argument: _preflight_engine_v1_HealthRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_engine_v1_HealthResponse__Output>): grpc.ClientUnaryCall;
  Health(argument: _preflight_engine_v1_HealthRequest, callback: grpc.requestCallback<_preflight_engine_v1_HealthResponse__Output>): grpc.ClientUnaryCall;
  health(argument: _preflight_engine_v1_HealthRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_engine_v1_HealthResponse__Output>): grpc.ClientUnaryCall;
  health(argument: _preflight_engine_v1_HealthRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_engine_v1_HealthResponse__Output>): grpc.ClientUnaryCall;
  health(argument: _preflight_engine_v1_HealthRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_engine_v1_HealthResponse__Output>): grpc.ClientUnaryCall;
  health(argument: _preflight_engine_v1_HealthRequest, callback: grpc.requestCallback<_preflight_engine_v1_HealthResponse__Output>): grpc.ClientUnaryCall;
  
  ScanApprovals(argument: _preflight_engine_v1_ScanApprovalsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_engine_v1_ApprovalsResponse__Output>): grpc.ClientUnaryCall;
  ScanApprovals(argument: _preflight_engine_v1_ScanApprovalsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_engine_v1_ApprovalsResponse__Output>): grpc.ClientUnaryCall;
  ScanApprovals(argument: _preflight_engine_v1_ScanApprovalsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_engine_v1_ApprovalsResponse__Output>): grpc.ClientUnaryCall;
  ScanApprovals(argument: _preflight_engine_v1_ScanApprovalsRequest, callback: grpc.requestCallback<_preflight_engine_v1_ApprovalsResponse__Output>): grpc.ClientUnaryCall;
  scanApprovals(argument: _preflight_engine_v1_ScanApprovalsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_engine_v1_ApprovalsResponse__Output>): grpc.ClientUnaryCall;
  scanApprovals(argument: _preflight_engine_v1_ScanApprovalsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_engine_v1_ApprovalsResponse__Output>): grpc.ClientUnaryCall;
  scanApprovals(argument: _preflight_engine_v1_ScanApprovalsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_engine_v1_ApprovalsResponse__Output>): grpc.ClientUnaryCall;
  scanApprovals(argument: _preflight_engine_v1_ScanApprovalsRequest, callback: grpc.requestCallback<_preflight_engine_v1_ApprovalsResponse__Output>): grpc.ClientUnaryCall;
  
  Simulate(argument: _preflight_engine_v1_SimulateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_engine_v1_SimulateResponse__Output>): grpc.ClientUnaryCall;
  Simulate(argument: _preflight_engine_v1_SimulateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_engine_v1_SimulateResponse__Output>): grpc.ClientUnaryCall;
  Simulate(argument: _preflight_engine_v1_SimulateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_engine_v1_SimulateResponse__Output>): grpc.ClientUnaryCall;
  Simulate(argument: _preflight_engine_v1_SimulateRequest, callback: grpc.requestCallback<_preflight_engine_v1_SimulateResponse__Output>): grpc.ClientUnaryCall;
  simulate(argument: _preflight_engine_v1_SimulateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_engine_v1_SimulateResponse__Output>): grpc.ClientUnaryCall;
  simulate(argument: _preflight_engine_v1_SimulateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_engine_v1_SimulateResponse__Output>): grpc.ClientUnaryCall;
  simulate(argument: _preflight_engine_v1_SimulateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_engine_v1_SimulateResponse__Output>): grpc.ClientUnaryCall;
  simulate(argument: _preflight_engine_v1_SimulateRequest, callback: grpc.requestCallback<_preflight_engine_v1_SimulateResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface EngineHandlers extends grpc.UntypedServiceImplementation {
  Health: grpc.handleUnaryCall<_preflight_engine_v1_HealthRequest__Output, _preflight_engine_v1_HealthResponse>;
  
  ScanApprovals: grpc.handleUnaryCall<_preflight_engine_v1_ScanApprovalsRequest__Output, _preflight_engine_v1_ApprovalsResponse>;
  
  Simulate: grpc.handleUnaryCall<_preflight_engine_v1_SimulateRequest__Output, _preflight_engine_v1_SimulateResponse>;
  
}

export interface EngineDefinition extends grpc.ServiceDefinition {
  Health: MethodDefinition<_preflight_engine_v1_HealthRequest, _preflight_engine_v1_HealthResponse, _preflight_engine_v1_HealthRequest__Output, _preflight_engine_v1_HealthResponse__Output>
  ScanApprovals: MethodDefinition<_preflight_engine_v1_ScanApprovalsRequest, _preflight_engine_v1_ApprovalsResponse, _preflight_engine_v1_ScanApprovalsRequest__Output, _preflight_engine_v1_ApprovalsResponse__Output>
  Simulate: MethodDefinition<_preflight_engine_v1_SimulateRequest, _preflight_engine_v1_SimulateResponse, _preflight_engine_v1_SimulateRequest__Output, _preflight_engine_v1_SimulateResponse__Output>
}
