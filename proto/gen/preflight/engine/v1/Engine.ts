// Original file: engine.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { ApprovalsResponse as _preflight_engine_v1_ApprovalsResponse, ApprovalsResponse__Output as _preflight_engine_v1_ApprovalsResponse__Output } from '../../../preflight/engine/v1/ApprovalsResponse';
import type { ExecuteRequest as _preflight_engine_v1_ExecuteRequest, ExecuteRequest__Output as _preflight_engine_v1_ExecuteRequest__Output } from '../../../preflight/engine/v1/ExecuteRequest';
import type { ExecuteResponse as _preflight_engine_v1_ExecuteResponse, ExecuteResponse__Output as _preflight_engine_v1_ExecuteResponse__Output } from '../../../preflight/engine/v1/ExecuteResponse';
import type { GetTipsRequest as _preflight_engine_v1_GetTipsRequest, GetTipsRequest__Output as _preflight_engine_v1_GetTipsRequest__Output } from '../../../preflight/engine/v1/GetTipsRequest';
import type { GetTransactionRequest as _preflight_engine_v1_GetTransactionRequest, GetTransactionRequest__Output as _preflight_engine_v1_GetTransactionRequest__Output } from '../../../preflight/engine/v1/GetTransactionRequest';
import type { HealthRequest as _preflight_engine_v1_HealthRequest, HealthRequest__Output as _preflight_engine_v1_HealthRequest__Output } from '../../../preflight/engine/v1/HealthRequest';
import type { HealthResponse as _preflight_engine_v1_HealthResponse, HealthResponse__Output as _preflight_engine_v1_HealthResponse__Output } from '../../../preflight/engine/v1/HealthResponse';
import type { ScanApprovalsRequest as _preflight_engine_v1_ScanApprovalsRequest, ScanApprovalsRequest__Output as _preflight_engine_v1_ScanApprovalsRequest__Output } from '../../../preflight/engine/v1/ScanApprovalsRequest';
import type { SendRequest as _preflight_engine_v1_SendRequest, SendRequest__Output as _preflight_engine_v1_SendRequest__Output } from '../../../preflight/engine/v1/SendRequest';
import type { SendResponse as _preflight_engine_v1_SendResponse, SendResponse__Output as _preflight_engine_v1_SendResponse__Output } from '../../../preflight/engine/v1/SendResponse';
import type { SimulateRequest as _preflight_engine_v1_SimulateRequest, SimulateRequest__Output as _preflight_engine_v1_SimulateRequest__Output } from '../../../preflight/engine/v1/SimulateRequest';
import type { SimulateResponse as _preflight_engine_v1_SimulateResponse, SimulateResponse__Output as _preflight_engine_v1_SimulateResponse__Output } from '../../../preflight/engine/v1/SimulateResponse';
import type { SubmitRequest as _preflight_engine_v1_SubmitRequest, SubmitRequest__Output as _preflight_engine_v1_SubmitRequest__Output } from '../../../preflight/engine/v1/SubmitRequest';
import type { SubmitResponse as _preflight_engine_v1_SubmitResponse, SubmitResponse__Output as _preflight_engine_v1_SubmitResponse__Output } from '../../../preflight/engine/v1/SubmitResponse';
import type { TipFloor as _preflight_engine_v1_TipFloor, TipFloor__Output as _preflight_engine_v1_TipFloor__Output } from '../../../preflight/engine/v1/TipFloor';
import type { TrackedTransaction as _preflight_engine_v1_TrackedTransaction, TrackedTransaction__Output as _preflight_engine_v1_TrackedTransaction__Output } from '../../../preflight/engine/v1/TrackedTransaction';
import type { WatchEvent as _preflight_engine_v1_WatchEvent, WatchEvent__Output as _preflight_engine_v1_WatchEvent__Output } from '../../../preflight/engine/v1/WatchEvent';

export interface EngineClient extends grpc.Client {
  Execute(argument: _preflight_engine_v1_ExecuteRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_engine_v1_ExecuteResponse__Output>): grpc.ClientUnaryCall;
  Execute(argument: _preflight_engine_v1_ExecuteRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_engine_v1_ExecuteResponse__Output>): grpc.ClientUnaryCall;
  Execute(argument: _preflight_engine_v1_ExecuteRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_engine_v1_ExecuteResponse__Output>): grpc.ClientUnaryCall;
  Execute(argument: _preflight_engine_v1_ExecuteRequest, callback: grpc.requestCallback<_preflight_engine_v1_ExecuteResponse__Output>): grpc.ClientUnaryCall;
  execute(argument: _preflight_engine_v1_ExecuteRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_engine_v1_ExecuteResponse__Output>): grpc.ClientUnaryCall;
  execute(argument: _preflight_engine_v1_ExecuteRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_engine_v1_ExecuteResponse__Output>): grpc.ClientUnaryCall;
  execute(argument: _preflight_engine_v1_ExecuteRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_engine_v1_ExecuteResponse__Output>): grpc.ClientUnaryCall;
  execute(argument: _preflight_engine_v1_ExecuteRequest, callback: grpc.requestCallback<_preflight_engine_v1_ExecuteResponse__Output>): grpc.ClientUnaryCall;
  
  GetTips(argument: _preflight_engine_v1_GetTipsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_engine_v1_TipFloor__Output>): grpc.ClientUnaryCall;
  GetTips(argument: _preflight_engine_v1_GetTipsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_engine_v1_TipFloor__Output>): grpc.ClientUnaryCall;
  GetTips(argument: _preflight_engine_v1_GetTipsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_engine_v1_TipFloor__Output>): grpc.ClientUnaryCall;
  GetTips(argument: _preflight_engine_v1_GetTipsRequest, callback: grpc.requestCallback<_preflight_engine_v1_TipFloor__Output>): grpc.ClientUnaryCall;
  getTips(argument: _preflight_engine_v1_GetTipsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_engine_v1_TipFloor__Output>): grpc.ClientUnaryCall;
  getTips(argument: _preflight_engine_v1_GetTipsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_engine_v1_TipFloor__Output>): grpc.ClientUnaryCall;
  getTips(argument: _preflight_engine_v1_GetTipsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_engine_v1_TipFloor__Output>): grpc.ClientUnaryCall;
  getTips(argument: _preflight_engine_v1_GetTipsRequest, callback: grpc.requestCallback<_preflight_engine_v1_TipFloor__Output>): grpc.ClientUnaryCall;
  
  GetTransaction(argument: _preflight_engine_v1_GetTransactionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_engine_v1_TrackedTransaction__Output>): grpc.ClientUnaryCall;
  GetTransaction(argument: _preflight_engine_v1_GetTransactionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_engine_v1_TrackedTransaction__Output>): grpc.ClientUnaryCall;
  GetTransaction(argument: _preflight_engine_v1_GetTransactionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_engine_v1_TrackedTransaction__Output>): grpc.ClientUnaryCall;
  GetTransaction(argument: _preflight_engine_v1_GetTransactionRequest, callback: grpc.requestCallback<_preflight_engine_v1_TrackedTransaction__Output>): grpc.ClientUnaryCall;
  getTransaction(argument: _preflight_engine_v1_GetTransactionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_engine_v1_TrackedTransaction__Output>): grpc.ClientUnaryCall;
  getTransaction(argument: _preflight_engine_v1_GetTransactionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_engine_v1_TrackedTransaction__Output>): grpc.ClientUnaryCall;
  getTransaction(argument: _preflight_engine_v1_GetTransactionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_engine_v1_TrackedTransaction__Output>): grpc.ClientUnaryCall;
  getTransaction(argument: _preflight_engine_v1_GetTransactionRequest, callback: grpc.requestCallback<_preflight_engine_v1_TrackedTransaction__Output>): grpc.ClientUnaryCall;
  
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
  
  Send(argument: _preflight_engine_v1_SendRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_engine_v1_SendResponse__Output>): grpc.ClientUnaryCall;
  Send(argument: _preflight_engine_v1_SendRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_engine_v1_SendResponse__Output>): grpc.ClientUnaryCall;
  Send(argument: _preflight_engine_v1_SendRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_engine_v1_SendResponse__Output>): grpc.ClientUnaryCall;
  Send(argument: _preflight_engine_v1_SendRequest, callback: grpc.requestCallback<_preflight_engine_v1_SendResponse__Output>): grpc.ClientUnaryCall;
  send(argument: _preflight_engine_v1_SendRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_engine_v1_SendResponse__Output>): grpc.ClientUnaryCall;
  send(argument: _preflight_engine_v1_SendRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_engine_v1_SendResponse__Output>): grpc.ClientUnaryCall;
  send(argument: _preflight_engine_v1_SendRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_engine_v1_SendResponse__Output>): grpc.ClientUnaryCall;
  send(argument: _preflight_engine_v1_SendRequest, callback: grpc.requestCallback<_preflight_engine_v1_SendResponse__Output>): grpc.ClientUnaryCall;
  
  Simulate(argument: _preflight_engine_v1_SimulateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_engine_v1_SimulateResponse__Output>): grpc.ClientUnaryCall;
  Simulate(argument: _preflight_engine_v1_SimulateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_engine_v1_SimulateResponse__Output>): grpc.ClientUnaryCall;
  Simulate(argument: _preflight_engine_v1_SimulateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_engine_v1_SimulateResponse__Output>): grpc.ClientUnaryCall;
  Simulate(argument: _preflight_engine_v1_SimulateRequest, callback: grpc.requestCallback<_preflight_engine_v1_SimulateResponse__Output>): grpc.ClientUnaryCall;
  simulate(argument: _preflight_engine_v1_SimulateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_engine_v1_SimulateResponse__Output>): grpc.ClientUnaryCall;
  simulate(argument: _preflight_engine_v1_SimulateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_engine_v1_SimulateResponse__Output>): grpc.ClientUnaryCall;
  simulate(argument: _preflight_engine_v1_SimulateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_engine_v1_SimulateResponse__Output>): grpc.ClientUnaryCall;
  simulate(argument: _preflight_engine_v1_SimulateRequest, callback: grpc.requestCallback<_preflight_engine_v1_SimulateResponse__Output>): grpc.ClientUnaryCall;
  
  Submit(argument: _preflight_engine_v1_SubmitRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_engine_v1_SubmitResponse__Output>): grpc.ClientUnaryCall;
  Submit(argument: _preflight_engine_v1_SubmitRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_engine_v1_SubmitResponse__Output>): grpc.ClientUnaryCall;
  Submit(argument: _preflight_engine_v1_SubmitRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_engine_v1_SubmitResponse__Output>): grpc.ClientUnaryCall;
  Submit(argument: _preflight_engine_v1_SubmitRequest, callback: grpc.requestCallback<_preflight_engine_v1_SubmitResponse__Output>): grpc.ClientUnaryCall;
  submit(argument: _preflight_engine_v1_SubmitRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_engine_v1_SubmitResponse__Output>): grpc.ClientUnaryCall;
  submit(argument: _preflight_engine_v1_SubmitRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_engine_v1_SubmitResponse__Output>): grpc.ClientUnaryCall;
  submit(argument: _preflight_engine_v1_SubmitRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_engine_v1_SubmitResponse__Output>): grpc.ClientUnaryCall;
  submit(argument: _preflight_engine_v1_SubmitRequest, callback: grpc.requestCallback<_preflight_engine_v1_SubmitResponse__Output>): grpc.ClientUnaryCall;
  
  Watch(argument: _preflight_engine_v1_SimulateRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_preflight_engine_v1_WatchEvent__Output>;
  Watch(argument: _preflight_engine_v1_SimulateRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_preflight_engine_v1_WatchEvent__Output>;
  watch(argument: _preflight_engine_v1_SimulateRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_preflight_engine_v1_WatchEvent__Output>;
  watch(argument: _preflight_engine_v1_SimulateRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_preflight_engine_v1_WatchEvent__Output>;
  
}

export interface EngineHandlers extends grpc.UntypedServiceImplementation {
  Execute: grpc.handleUnaryCall<_preflight_engine_v1_ExecuteRequest__Output, _preflight_engine_v1_ExecuteResponse>;
  
  GetTips: grpc.handleUnaryCall<_preflight_engine_v1_GetTipsRequest__Output, _preflight_engine_v1_TipFloor>;
  
  GetTransaction: grpc.handleUnaryCall<_preflight_engine_v1_GetTransactionRequest__Output, _preflight_engine_v1_TrackedTransaction>;
  
  Health: grpc.handleUnaryCall<_preflight_engine_v1_HealthRequest__Output, _preflight_engine_v1_HealthResponse>;
  
  ScanApprovals: grpc.handleUnaryCall<_preflight_engine_v1_ScanApprovalsRequest__Output, _preflight_engine_v1_ApprovalsResponse>;
  
  Send: grpc.handleUnaryCall<_preflight_engine_v1_SendRequest__Output, _preflight_engine_v1_SendResponse>;
  
  Simulate: grpc.handleUnaryCall<_preflight_engine_v1_SimulateRequest__Output, _preflight_engine_v1_SimulateResponse>;
  
  Submit: grpc.handleUnaryCall<_preflight_engine_v1_SubmitRequest__Output, _preflight_engine_v1_SubmitResponse>;
  
  Watch: grpc.handleServerStreamingCall<_preflight_engine_v1_SimulateRequest__Output, _preflight_engine_v1_WatchEvent>;
  
}

export interface EngineDefinition extends grpc.ServiceDefinition {
  Execute: MethodDefinition<_preflight_engine_v1_ExecuteRequest, _preflight_engine_v1_ExecuteResponse, _preflight_engine_v1_ExecuteRequest__Output, _preflight_engine_v1_ExecuteResponse__Output>
  GetTips: MethodDefinition<_preflight_engine_v1_GetTipsRequest, _preflight_engine_v1_TipFloor, _preflight_engine_v1_GetTipsRequest__Output, _preflight_engine_v1_TipFloor__Output>
  GetTransaction: MethodDefinition<_preflight_engine_v1_GetTransactionRequest, _preflight_engine_v1_TrackedTransaction, _preflight_engine_v1_GetTransactionRequest__Output, _preflight_engine_v1_TrackedTransaction__Output>
  Health: MethodDefinition<_preflight_engine_v1_HealthRequest, _preflight_engine_v1_HealthResponse, _preflight_engine_v1_HealthRequest__Output, _preflight_engine_v1_HealthResponse__Output>
  ScanApprovals: MethodDefinition<_preflight_engine_v1_ScanApprovalsRequest, _preflight_engine_v1_ApprovalsResponse, _preflight_engine_v1_ScanApprovalsRequest__Output, _preflight_engine_v1_ApprovalsResponse__Output>
  Send: MethodDefinition<_preflight_engine_v1_SendRequest, _preflight_engine_v1_SendResponse, _preflight_engine_v1_SendRequest__Output, _preflight_engine_v1_SendResponse__Output>
  Simulate: MethodDefinition<_preflight_engine_v1_SimulateRequest, _preflight_engine_v1_SimulateResponse, _preflight_engine_v1_SimulateRequest__Output, _preflight_engine_v1_SimulateResponse__Output>
  Submit: MethodDefinition<_preflight_engine_v1_SubmitRequest, _preflight_engine_v1_SubmitResponse, _preflight_engine_v1_SubmitRequest__Output, _preflight_engine_v1_SubmitResponse__Output>
  Watch: MethodDefinition<_preflight_engine_v1_SimulateRequest, _preflight_engine_v1_WatchEvent, _preflight_engine_v1_SimulateRequest__Output, _preflight_engine_v1_WatchEvent__Output>
}
