import { RowStatus } from '@psi/db/model/psi/index';

/**
 * Examples for the document, from the demo data (fixtures/psi and the demo story): the first book and
 * the first school of the demo tenant as their lists answer them. Only fields that every demo seed
 * writes alike are shown: ids and audit times differ per seed (the story is dated to the day it is
 * seeded), balances and versions move with the story. test/psi/examples.test.ts keeps them true.
 */
export const bookExample = {
  tenantId: '100001',
  status: RowStatus.enabled,
  isDeleted: 0,
  goodsCode: 'G01',
  isbn: '9787107524455',
  goodsName: '义务教育教科书·语文 一年级上册',
  author: '',
  publisher: '人民教育出版社',
  edition: '统编版',
  printEdition: '2024年7月第1版',
  schoolStage: 1,
  grade: '一年级',
  subject: '语文',
  volume: '上册',
  termNo: 1,
  goodsType: 1,
  price: '11.20',
  saleDiscount: '1.0000',
  purchaseDiscount: '0.7200',
  unit: '册',
  packQuantity: '',
  coverUrl: '',
  remark: '',
};

export const schoolExample = {
  tenantId: '100001',
  status: RowStatus.enabled,
  isDeleted: 0,
  schoolCode: 'SC01',
  schoolName: '南湖区明德小学',
  schoolType: 1,
  regionCode: '330402',
  regionName: '浙江省嘉兴市南湖区',
  address: '南湖区明德路1号',
  contactName: '林老师',
  contactPhone: '13800573001',
  studentCount: 1260,
  remark: '',
  userAccount: 'xx_mingde',
  depositoryName: '嘉兴中心仓',
};
